fn main() {
    let s = String::from("héllo");
    println!("{}", &s[0..1]);
    println!("{}", &s[3..]);
    let cut = 2;
    println!("{}", &s[..cut]);
}
