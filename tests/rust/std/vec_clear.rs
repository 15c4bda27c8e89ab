fn main() {
    let mut seen: Vec<i32> = Vec::new();
    let mut total = 0;
    for pass in 0..3 {
        for k in 0..pass + 2 {
            seen.push(k * 10 + pass);
        }
        total += seen.len();
        println!("pass {pass}: {:?} ({} kept)", seen, seen.len());
        seen.clear();
        println!("after clear: {:?} empty={}", seen, seen.is_empty());
    }
    let mut other = vec![1.5f32, 2.5];
    other.clear();
    other.push(4.0);
    println!("total {total}, other {:?}", other);
}
