fn main() {
    let mut v = vec![1, 2, 3];
    let a = 5;
    let d: Vec<i32> = v.drain(a..).collect();
    println!("{:?}", d);
}
