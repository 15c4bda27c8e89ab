fn main() {
    let mut v = vec![1, 2, 3]; let a = 1; let b = 0; let d: Vec<i32> = v.drain(a..b).collect(); println!("{:?}", d);
}
