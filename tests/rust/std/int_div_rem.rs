//! Integer division truncates toward zero; the remainder has the dividend's sign.

fn main() {
    let a = [7, -7, 7, -7, 0, 6, -6, 1, -1];
    let b = [2, 2, -2, -2, 5, 3, 3, 7, 7];
    for i in 0..a.len() {
        println!("{} / {} = {}, {} % {} = {}", a[i], b[i], a[i] / b[i], a[i], b[i], a[i] % b[i]);
    }
    let x: i64 = -9_000_000_000;
    println!("{} {}", x / 7, x % 7);
    let u: u32 = 4_000_000_000;
    println!("{} {}", u / 3, u % 7);
    let small: i8 = -128;
    println!("{} {}", small / 3, small % 3);
    let byte: u8 = 255;
    println!("{} {}", byte / 16, byte % 16);
    let f = -7.5f64;
    println!("{} {} {}", f / 2.0, f % 2.0, (-f) % 2.0);
    println!("{} {}", i32::MIN / 2, i32::MIN % 2);
    println!("{} {}", i128::MAX / 3, i128::MIN % 10);
}
