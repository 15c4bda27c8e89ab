// `str::parse` of numbers as core reads them, its errors; `trim`, case conversions.
fn main() {
    let s = "  Hello World\t";
    println!("[{}] {} {}", s.trim(), s.to_uppercase(), s.trim_end().to_lowercase());
    let t = "\u{a0} Mixed Case \u{3000}".to_string();
    println!("[{}] [{}]", t.trim_start().to_ascii_uppercase(), t.to_ascii_lowercase());
    let x: f32 = "2.5".parse::<f32>().unwrap();
    let n = "42".parse::<usize>().unwrap();
    let bad = "x".parse::<usize>();
    println!("{} {} {:?} {}", x, n, bad, bad.is_err());
    println!("{:?}", "7".parse::<i32>());
    let r: Result<f32, _> = "abc".parse();
    println!("{:?}", r);
    let y: f64 = " 0.1 ".trim().parse().unwrap();
    println!("{}", y);
    for t in ["", "-", "+5", "-5", "300", "-129", "1_0", "99999999999999999999x"] {
        println!("{:?} {:?}", t.parse::<i8>(), t.parse::<u8>());
    }
    for t in ["", ".", "1.", ".5", "+.5", "-0", "1e", "1e5", "inf", "-Infinity", "NaN", "0x10", "1_0", " 1", "3.4028236e38", "1e-46", "0.1"] {
        println!("{:?} {:?}", t.parse::<f32>(), t.parse::<f64>());
    }
    match "q".parse::<f64>() { Ok(v) => println!("{}", v), Err(e) => println!("{} / {:#?}", e, e) }
    match "".parse::<u32>() { Ok(v) => println!("{}", v), Err(e) => println!("{}", e) }
}
