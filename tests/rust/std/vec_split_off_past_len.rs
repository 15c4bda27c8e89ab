// `split_off` past the length panics at the call (`#[track_caller]`). Golden from rustc 1.95.
fn main() {
    let mut v = vec![1, 2, 3];
    let tail = v.split_off(3);
    println!("{:?} {:?}", v, tail);
    let more = v.split_off(5);
    println!("{:?}", more);
}
