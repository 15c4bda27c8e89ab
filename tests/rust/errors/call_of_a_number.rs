fn main() {
    let x = 5;
    let y = x(3);
    println!("{}", y);
}
