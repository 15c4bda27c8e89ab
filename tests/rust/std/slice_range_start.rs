fn main() {
    let v = [1, 2, 3];
    let from = v.len() + 1;
    println!("{:?}", &v[3..]);
    let tail = &v[from..];
    println!("{:?}", tail);
}
