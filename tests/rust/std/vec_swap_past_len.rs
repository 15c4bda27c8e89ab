// `swap` with an index past the end panics: a slice index out of bounds. Golden from rustc 1.95.
fn main() {
    let mut v = vec![1, 2, 3];
    v.swap(0, 2);
    println!("{:?}", v);
    v.swap(1, 3);
}
