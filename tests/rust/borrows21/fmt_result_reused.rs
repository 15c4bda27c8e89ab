use std::fmt::Write;
fn main() {
    let mut out = String::new();
    let r = writeln!(out, "a");
    let s = r;
    let t = r;
    println!("{:?} {:?} {:?} {:?}", r, s, t, out);
}
