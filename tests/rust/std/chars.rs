// char: literals with escapes, casts from u8 and to integers, comparison, Display and Debug,
// `String::push`, `str::chars`, and char's predicates and conversions.
fn classify(c: char) -> String {
    let mut flags = String::new();
    for (on, mark) in [
        (c.is_ascii(), 'A'),
        (c.is_ascii_digit(), 'd'),
        (c.is_ascii_hexdigit(), 'x'),
        (c.is_ascii_alphabetic(), 'a'),
        (c.is_ascii_alphanumeric(), 'n'),
        (c.is_ascii_uppercase(), 'U'),
        (c.is_ascii_lowercase(), 'l'),
        (c.is_ascii_punctuation(), 'p'),
        (c.is_ascii_graphic(), 'g'),
        (c.is_ascii_whitespace(), 'w'),
        (c.is_ascii_control(), 'c'),
        (c.is_whitespace(), 'W'),
        (c.is_alphabetic(), 'B'),
        (c.is_numeric(), 'N'),
        (c.is_alphanumeric(), 'M'),
        (c.is_uppercase(), 'P'),
        (c.is_lowercase(), 'L'),
        (c.is_control(), 'C'),
    ] {
        flags.push(if on { mark } else { '.' });
    }
    flags
}

fn main() {
    let letters = ['a', 'Z', '7', ' ', '\t', '\n', '\'', '"', '\\', '\0', '~', '\x7f', 'f'];
    for c in letters {
        println!("{:?} {} {:?} {:?}", c, classify(c), c.to_digit(16), c.is_digit(8));
    }
    let word = "Hello, World 42";
    let mut swapped = String::new();
    let mut digits = 0u32;
    for c in word.chars() {
        if c.is_ascii_digit() {
            digits = digits * 10 + c.to_digit(10).unwrap();
        }
        swapped.push(if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() });
    }
    println!("{} {}", swapped, digits);
    let b: u8 = 65;
    let up = b as char;
    let code = 'z' as u32;
    println!("{} {} {} {}", up, code, 'é' as u8, 97 as char);
    println!("{} {} {}", 'a' < 'b', up == 'A', 'é' > 'z');
    println!("[{:>4}] [{:<3}] [{:^5}] {:?}", 'x', 'y', 'z', ('q', 1));
    println!("{} {} {:?} {}", 'é'.len_utf8(), 'a'.len_utf8(), '\u{e9}', '\u{1F600}'.len_utf8());
    let pairs = vec![(1, 'a'), (2, 'b')];
    println!("{:?}", pairs);
}
