// write!/writeln! into a String (use std::fmt::Write): a variable, a field, an element; the Result unwrapped, ignored, printed
use std::fmt::Write;
struct Log { text: String }
fn main() {
    let mut out = String::new();
    write!(out, "{}-{}", 1, 2).unwrap();
    writeln!(out, " x={:.2}", 1.5f32).unwrap();
    let _ = write!(&mut out, "end");
    write!(out, "!").ok();
    writeln!(out).unwrap();
    print!("{}", out);
    let mut log = Log { text: String::new() };
    for i in 0..3 {
        writeln!(log.text, "step {} loss {:.3e}", i, 1.0 / (i as f64 + 1.0)).unwrap();
    }
    print!("{}", log.text);
    let mut rows = vec![String::new(), String::new()];
    write!(rows[1], "{:>5}|", 42).unwrap();
    println!("{:?}", rows);
    let r = write!(out, "z");
    println!("{:?} {}", r, out.len());
    let mut direct = String::new();
    direct.write_fmt(format_args!("{}+{}", 1, 2)).unwrap();
    println!("{}", direct);
}
