fn main() {
    let v = [16usize, 32, 32, 4];
    println!("{:?}", v.iter().rposition(|&l| l == 32));
    println!("{:?}", v.iter().rposition(|&l| l > 100));
    let losses = vec![0.9f32, 0.5, 0.7, 0.4, 0.6];
    let last_drop = losses.iter().copied().rposition(|l| l < 0.5);
    println!("{:?} {:?}", last_drop, losses.iter().position(|&l| l < 0.5));
    let words = vec!["a".to_string(), "bb".to_string(), "a".to_string()];
    match words.iter().rposition(|w| w == "a") {
        Some(i) => println!("last a at {}", i),
        None => println!("none"),
    }
    let s: &[i32] = &[3, 1, 3];
    println!("{:?}", s.iter().rposition(|x| *x == 3));
}
