// `str::lines`, `repeat`, `replace` (a char, a `&str`, a closure), `split_once`,
// `String::with_capacity`.
fn main() {
    let s = "a\nbb\nccc";
    for l in s.lines() {
        println!("{}", l);
    }
    println!("{}", "ab".repeat(3));
    println!("{}", "hello world".replace("o", "0"));
    println!("{:?}", "k=v".split_once('='));
    println!("{:?}", "kv".split_once('='));
    let text = String::from("x: 1\r\ny: 22\n\nz:333\r");
    for (i, line) in text.lines().enumerate() {
        if let Some((k, v)) = line.split_once(':') {
            println!("{} [{}] [{}]", i, k, v.trim());
        } else {
            println!("{} none {:?}", i, line);
        }
    }
    let n = text.lines().count();
    println!("{}", n);
    println!("{:?}", "a-b_c".replace(|c: char| c == '-' || c == '_', "+"));
    println!("{:?}", "abc".replace("", "."));
    println!("{:?}", "aaa".replace("aa", "b"));
    println!("{:?}", "a=b=c".split_once("="));
    println!("{:?}", "abc".split_once(""));
    println!("{:?}", "a1b2".split_once(|c: char| c.is_ascii_digit()));
    let owned = String::from("x");
    println!("{}", "axa".replace('x', &owned));
    println!("{}", "-".repeat(0).len());
    println!("{}", "=".repeat(5));
    let lines: Vec<&str> = "\n".lines().collect();
    println!("{:?} {:?}", lines, "".lines().count());
    let mut t = String::with_capacity(3);
    t += "abc";
    t.push('d');
    println!("{} {}", t, t.len());
}
