fn main() {
    let mut v = vec![1, 2, 3]; let n: usize = 4; v.rotate_right(n); println!("{:?}", v);
}
