fn main() {
    let b = Box::new(41);
    let c = *b + 1;
    let d = *b;
    let s: Box<String> = Box::new("hi".to_string());
    let n = s.len();
    println!("{} {} {} {}", b, c, d, n + s.len());
}
