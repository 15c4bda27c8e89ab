fn main() {
    println!("{} {} {}", 7u32.clamp(1, 5), (-3i64).clamp(-2, 2), 4usize.clamp(0, 9));
    let x: i32 = 12;
    println!("{}", x.clamp(0, 10));
}
