struct Pair {
    a: Vec<i32>,
    b: i32,
}
fn main() {
    let mut p = Pair { a: vec![1, 2], b: 0 };
    let r = &p.a;
    p.b = 5;
    p.b += 1;
    println!("{:?} {}", r, p.b);
}
