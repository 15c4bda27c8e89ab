// Byte literals (`b'a'`, escapes, `\xff`): the `u8` each stands for, in patterns and ranges too,
// as a tokenizer of a dataset's text reads its bytes.
fn class_of(b: u8) -> &'static str {
    match b {
        b'0'..=b'9' => "digit",
        b'a'..=b'z' | b'A'..=b'Z' => "letter",
        b' ' | b'\t' | b'\n' => "space",
        b'\'' | b'"' => "quote",
        _ => "other",
    }
}

fn main() {
    let line = "ab 3,\t'x\"";
    let counts = line.bytes().filter(|&b| b == b'a' || b == b',').count();
    println!("{} {} {} {}", counts, b'z', b'\\', b'\x7f');
    for b in line.bytes() {
        print!("{}:{} ", b, class_of(b));
    }
    println!();
    let shifted: Vec<u8> = "abc".bytes().map(|b| b - b'a' + b'A').collect();
    println!("{:?} {}", shifted, shifted.iter().map(|&b| b as char).collect::<String>());
    let digit = b'7' - b'0';
    let hi = b'\xff';
    println!("{} {} {:?} {}", digit, hi, b'\0', b'\r' as char == '\r');
    let sep = if line.as_bytes()[2] == b' ' { "space" } else { "no" };
    println!("{}", sep);
}
