fn main() {
    let edges = [0.0f32, 0.5, 1.0];
    let r = edges.binary_search_by(|e| e.partial_cmp(&0.7).unwrap());
    println!("{:?}", r);
    let bins = vec![0.1f64, 0.2, 0.2, 0.2, 0.9];
    let mut seen = Vec::new();
    let hit = bins.binary_search_by(|b| {
        seen.push(*b);
        b.total_cmp(&0.2)
    });
    println!("{:?} {:?}", hit, seen);
    let lo = bins.binary_search_by(|b| b.partial_cmp(&-1.0).unwrap());
    let hi = bins.binary_search_by(|b| b.partial_cmp(&5.0).unwrap());
    let empty: Vec<u32> = Vec::new();
    println!("{:?} {:?} {:?}", lo, hi, empty.binary_search_by(|x| x.cmp(&3)));
    let bucket = match bins.binary_search_by(|b| b.partial_cmp(&0.5).unwrap()) {
        Ok(i) => i,
        Err(i) => i - 1,
    };
    println!("{}", bucket);
}
