fn main() {
    let small: i8 = -129;
    println!("{small}");
}
