fn main() {
    let mut v = vec![1, 2, 3]; let n: usize = 4294967295; v.rotate_left(n); println!("{:?}", v);
}
