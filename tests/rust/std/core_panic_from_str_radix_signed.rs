fn main() {
    let mut radixes = vec![16u32, 2];
    radixes.push(radixes[0] * 3);
    for r in radixes {
        println!("{:?}", i64::from_str_radix("-101", r));
    }
}
