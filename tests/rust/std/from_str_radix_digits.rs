use std::num::ParseIntError;
fn parse_hex_color(s: &str) -> Result<(u8, u8, u8), ParseIntError> {
    let s = s.trim_start_matches('#');
    let r = u8::from_str_radix(&s[0..2], 16)?;
    let g = u8::from_str_radix(&s[2..4], 16)?;
    let b = u8::from_str_radix(&s[4..6], 16)?;
    Ok((r, g, b))
}
fn to_base(mut n: u32, base: u32) -> String {
    if n == 0 {
        return "0".to_string();
    }
    let mut out = Vec::new();
    while n > 0 {
        out.push(char::from_digit(n % base, base).unwrap());
        n /= base;
    }
    out.iter().rev().collect()
}
fn main() {
    println!("{:?}", parse_hex_color("#ff8000"));
    println!("{:?}", parse_hex_color("#zz8000"));
    for text in ["101", "-101", "+7", "", "-", "1_0", "FfFf", "80000000"] {
        println!(
            "{:?} {:?} {:?}",
            i32::from_str_radix(text, 2),
            u16::from_str_radix(text, 16),
            i64::from_str_radix(text, 36)
        );
    }
    println!("{:?}", i8::from_str_radix("-80", 16));
    println!("{:?}", i8::from_str_radix("-81", 16));
    match u32::from_str_radix("12", 3) {
        Ok(v) => println!("ok {}", v),
        Err(e) => println!("err {}", e),
    }
    let e = u8::from_str_radix("300", 10).unwrap_err();
    println!("{} / {:?}", e, e);
    println!(
        "{} {} {}",
        to_base(255, 2),
        to_base(255, 16),
        to_base(12345, 36)
    );
    let digits: Vec<Option<char>> = (8..12).map(|d| char::from_digit(d, 10)).collect();
    println!("{:?}", digits);
    println!(
        "{:?} {:?} {:?}",
        char::from_u32(0x41),
        char::from_u32(0xD800),
        char::from_u32(0x1F600).is_some()
    );
    let v = Vec::from([3.5f32, 1.0]);
    let arr = [1u8, 2, 3];
    let w = Vec::from(&arr[1..]);
    let z: Vec<i64> = Vec::from(&[7, 8]);
    let mut grown = Vec::from(arr);
    grown.push(4);
    println!("{:?} {:?} {:?} {:?} {:?}", v, w, z, grown, arr);
}
