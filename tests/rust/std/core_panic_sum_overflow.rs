fn main() {
    let v: Vec<i32> = vec![i32::MAX, 1]; let s: i32 = v.iter().sum(); println!("{}", s);
}
