fn main() {
    let a: i32 = i32::MIN; let b = a + 0; println!("{}", b.abs());
}
