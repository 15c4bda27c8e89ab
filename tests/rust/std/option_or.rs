fn parse_lr(s: &str) -> Option<f32> {
    s.trim().parse::<f32>().ok()
}

fn main() {
    let given = parse_lr("x");
    let lr = given.or(Some(0.01));
    let kept = parse_lr(" 0.5 ").or(Some(0.01));
    let none: Option<i32> = None;
    println!("{:?} {:?} {:?} {:?}", lr, kept, none.or(None), Some(3).or(Some(4)));
    let names = vec!["a", "b"];
    let first = names.first().copied().or(Some("z"));
    println!("{:?} {}", first, lr.unwrap() * 2.0);
}
