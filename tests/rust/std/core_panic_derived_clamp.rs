#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum L {
    A,
    B,
}
fn main() {
    let v = vec![L::B, L::A];
    let mut it = v.into_iter();
    let hi = it.next().unwrap();
    let lo = it.next().unwrap();
    println!("{:?}", L::A.clamp(hi, lo));
}
