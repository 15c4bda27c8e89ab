fn main() {
    let a = 3u32;
    let b = 1u32;
    println!("{}", 5u32.clamp(a, b));
}
