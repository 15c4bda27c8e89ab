// `Vec::remove` past the end panics at the call (std's message). Golden from rustc 1.95.
fn main() {
    let mut v = vec![1, 2, 3];
    println!("{}", v.remove(0));
    println!("{}", v.remove(2));
}
