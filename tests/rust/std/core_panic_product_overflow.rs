fn main() {
    let v: Vec<i32> = vec![i32::MAX, 2]; let s: i32 = v.iter().product(); println!("{}", s);
}
