// Sorting in place: std's stable sort keyed by a closure, `Ord` elements, arrays and views.
fn main() {
    let mut losses = vec![0.5f32, 0.125, 2.0, -1.0];
    losses.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!("{:?}", losses);
    losses.sort_by(|a, b| b.total_cmp(a));
    println!("{:?}", losses);
    let mut scored = vec![(3, 0.25f64), (1, 0.75), (2, 0.25), (0, 0.5)];
    scored.sort_by(|a, b| a.1.partial_cmp(&b.1).unwrap());
    println!("{:?}", scored);
    scored.sort_by_key(|p| p.0);
    println!("{:?}", scored);
    let mut ids = [9usize, 3, 7, 1];
    ids.sort();
    println!("{:?}", ids);
    let mut words = vec!["pear".to_string(), "fig".to_string(), "apple".to_string()];
    words.sort_unstable();
    println!("{:?}", words);
    words.sort_by_key(|w| w.len());
    println!("{:?}", words);
    let mut n = vec![5i64, -2, 8, 0, 3];
    n[1..4].sort_unstable_by(|a, b| b.cmp(a));
    println!("{:?}", n);
    n.sort_unstable_by_key(|x| x.abs());
    println!("{:?}", n);
    let mut one = vec![f32::NAN];
    one.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!("{:?}", one);
    let mut bad = vec![1.0f32, f32::NAN];
    bad.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!("unreached {:?}", bad);
}
