use std::fmt::Write;
fn main() {
    let mut out = String::new();
    let r = write!(out, "z");
    let _moved = r;
    println!("{:?} {}", r, out.len());
}
