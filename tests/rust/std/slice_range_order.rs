fn main() {
    let v = vec![10, 20, 30, 40];
    let (a, b) = (3, 1);
    println!("{}", v[a..=b].len());
}
