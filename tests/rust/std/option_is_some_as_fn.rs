fn main() {
    let slots: Vec<Option<f32>> = vec![None, Some(0.5), None, Some(1.5)];
    println!("{:?}", slots.iter().position(Option::is_some));
    println!("{}", slots.iter().any(Option::is_none));
    println!("{}", slots.iter().all(Option::is_some));
    let flags: Vec<bool> = slots.iter().map(Option::is_some).collect();
    println!("{:?}", flags);
    let rows = vec![vec![1], vec![], vec![2, 3]];
    println!("{:?} {}", rows.iter().position(Vec::is_empty), rows.iter().any(Vec::is_empty));
}
