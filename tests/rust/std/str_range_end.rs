fn main() {
    let s = "abc";
    let n = 5;
    println!("{}", &s[1..n]);
}
