fn runs(v: &[i32]) -> Vec<(i32, usize)> {
    let mut out = Vec::new();
    let mut it = v.iter().peekable();
    while let Some(&x) = it.next() {
        let mut n = 1;
        while let Some(&&y) = it.peek() {
            if y != x {
                break;
            }
            n += 1;
            it.next();
        }
        out.push((x, n));
    }
    out
}
fn tokens(s: &str) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    let mut it = chars.iter().peekable();
    let mut out = vec![];
    while let Some(c) = it.next() {
        if c.is_ascii_digit() {
            let mut num = c.to_string();
            while let Some(&&d) = it.peek() {
                if !d.is_ascii_digit() {
                    break;
                }
                num.push(d);
                it.next();
            }
            out.push(num);
        } else if !c.is_whitespace() {
            out.push(c.to_string());
        }
    }
    out
}
fn main() {
    println!("{:?}", runs(&[1, 1, 2, 3, 3, 3]));
    println!("{:?}", tokens("12+ 3*45"));
    let v = vec![0.5f32, 0.25];
    let mut p = v.iter().peekable();
    if let Some(&first) = p.peek() {
        println!("{}", first);
    }
    if let Some(&&f) = p.peek() {
        println!("{}", f * 2.0);
    }
}
