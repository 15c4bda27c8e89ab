fn main() {
    let digits = ["ff", "7", "zz"];
    for (d, r) in digits.iter().zip([16u32, 8, 1]) {
        println!("{:?}", u16::from_str_radix(d, r));
    }
}
