// `Vec::insert` past the end panics at the call (std's message). Golden from rustc 1.95.
fn main() {
    let mut v = vec![1, 2, 3];
    v.insert(1, 9);
    println!("{:?}", v);
    v.insert(7, 0);
    println!("{:?}", v);
}
