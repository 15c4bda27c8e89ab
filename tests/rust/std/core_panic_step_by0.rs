fn main() {
    let n = 0; let v: Vec<i32> = (0..5).step_by(n).collect(); println!("{:?}", v);
}
