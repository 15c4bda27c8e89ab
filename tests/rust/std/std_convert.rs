// std's conversions called by a path: TryFrom between integers, lossless From, char::from(u8).
fn to_index(x: i64) -> Option<usize> {
    usize::try_from(x).ok()
}

fn main() {
    let big: i64 = 3_000_000_000;
    let r: Result<i32, _> = i32::try_from(big);
    println!("{:?} {}", r, r.is_err());
    match i32::try_from(big) {
        Ok(v) => println!("fits {}", v),
        Err(e) => println!("error: {} / {:?}", e, e),
    }
    println!("{:?} {:?} {:?}", u8::try_from(255i32), u8::try_from(256i32), u8::try_from(-1i64));
    println!("{:?} {:?}", i8::try_from(-128i16), i16::try_from(40000u32));
    println!("{:?} {:?}", to_index(7), to_index(-7));
    let small = u16::try_from(300).unwrap_or(0);
    println!("{}", small);
    let f = f64::from(7i32) / 2.0;
    let g = f32::from(3u8) * 0.1;
    println!("{} {} {} {}", f, g, u64::from(40u32) * 3, i64::from(-5i8));
    println!("{} {} {}", u32::from('A'), i32::from(true) + i32::from(false), u8::from(true));
    let bytes = "Az".as_bytes();
    let next = char::from(bytes[0] + 1);
    let upper: String = bytes.iter().map(|&b| char::from(b).to_ascii_uppercase()).collect();
    println!("{} {} {:?}", next, upper, char::from(113u8));
    let total: f64 = [1u8, 2, 3].iter().map(|&b| f64::from(b)).sum();
    println!("{}", total);
    let flags = [true, false, true];
    let score: f64 = flags.iter().map(|&b| f64::from(b)).sum();
    println!("{} {} {}", score, f32::from(true) / 4.0, f64::from(false));
}
