fn main() {
    let mut v = vec![1, 2, 3]; let b = 3; let d: Vec<i32> = v.drain(1..=b).collect(); println!("{:?}", d);
}
