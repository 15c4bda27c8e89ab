fn main() {
    let v: Vec<u32> = "7 x 9"
        .split(' ')
        .map(str::parse)
        .map(Result::unwrap)
        .collect();
    println!("{:?}", v);
}
