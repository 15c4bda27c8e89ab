fn main() {
    let mut d = String::new();
    let s = String::from("ab");
    d += s;
    println!("{d}");
}
