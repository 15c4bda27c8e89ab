fn main() {
    let v = vec![10, 20, 30];
    let n = v.len();
    println!("{:?}", &v[..=n - 1]);
    println!("{:?}", &v[1..=n]);
}
