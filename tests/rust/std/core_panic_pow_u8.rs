fn main() {
    let a: u8 = 3;
    println!("{}", a.pow(4));
    println!("{}", a.pow(6));
}
