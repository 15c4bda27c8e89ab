//! String: new, from, push_str, len (bytes), is_empty, as_str, to_string, ==, clone;
//! `{:?}` of strings: quotes, escapes, control characters, unicode.

fn main() {
    let mut s = String::new();
    println!("{:?} {} {}", s, s.len(), s.is_empty());
    s.push_str("héllo");
    s.push_str(", ");
    s.push_str("wörld");
    println!("{s} {} {}", s.len(), s.is_empty());
    let t = String::from("héllo, wörld");
    println!("{} {}", s == t, s.as_str() == "héllo, wörld");
    let n = 42.to_string();
    let f = 0.1f32.to_string();
    let g = (0.1 + 0.2).to_string();
    let b = true.to_string();
    println!("{n} {f} {g} {b} {}", n.len() + f.len());
    let mut acc = String::new();
    for i in 0..5 {
        acc.push_str(&i.to_string());
        acc.push_str(if i < 4 { "-" } else { "!" });
    }
    println!("{acc}");
    let copy = acc.clone();
    acc.push_str("?");
    println!("{copy} {acc}");
    let emoji = "🎉🎉";
    println!("{} {}", emoji.len(), emoji.to_string() == "🎉🎉");
    let x = (-0.0f64).to_string();
    let y = f32::NAN.to_string();
    let z = 1e20f32.to_string();
    println!("{x} {y} {z} {}", 1e-7f64.to_string());
    let msg = format!("{:>6}|{:<6}|", "ab", s.len());
    println!("{msg}");
    println!("{:?}", "plain");
    println!("{:?}", "quote \" and backslash \\ and 'single'");
    println!("{:?}", "tab\there\nnewline\rreturn\0nul");
    println!("{:?}", "\u{1b}[0m escape \u{7f} delete \u{1} one");
    println!("{:?}", "héllo wörld ñ 日本語 🎉");
    println!("{:?}", "zero width\u{200b}joiner\u{200d} bom\u{feff}");
    println!("{:?}", "combining e\u{301} and nbsp\u{a0}");
    println!("{:?}", "soft\u{ad}hyphen, line sep\u{2028}");
    println!("{:?}", r"raw \n stays");
    println!("{:?}", "\x41\x42 \u{41}");
    let s = String::from("owned\tstring");
    println!("{:?} {} {}", s, s, s.len());
    println!("{}", "display keeps \"quotes\" and \\");
    println!("{:?}", "");
    println!("{:?}", "private use \u{e000} modifier \u{1f3fd} katakana \u{ff9e}");
}
