// Integer `overflowing_*`, `wrapping_pow`, `saturating_pow`, `checked_*`; float `to_degrees`,
// `to_radians` (core's constants, rounded in the type).
fn main() {
    println!("{:?} {:?}", 250u8.overflowing_add(10), 5u8.overflowing_add(10));
    println!("{:?} {:?}", i8::MIN.overflowing_sub(1), 0u16.overflowing_sub(1));
    println!("{:?} {:?}", i64::MAX.overflowing_mul(3), (-7i32).overflowing_mul(-3));
    println!("{:?} {:?}", i32::MIN.overflowing_neg(), 5i32.overflowing_neg());
    println!("{:?} {:?}", 0u32.overflowing_neg(), 1u32.overflowing_neg());
    println!("{:?} {:?}", 3i8.overflowing_pow(5), (-2i8).overflowing_pow(7));
    println!("{:?} {:?}", 2u64.overflowing_pow(64), 10u32.overflowing_pow(0));
    let (v, o) = 200u8.overflowing_add(100);
    println!("{} {}", v, o);
    println!("{} {} {}", 3i8.wrapping_pow(5), 2u8.wrapping_pow(9), (-3i32).wrapping_pow(21));
    println!("{} {} {}", 3i8.saturating_pow(5), (-3i8).saturating_pow(5), (-3i8).saturating_pow(4));
    println!("{} {}", 2u32.saturating_pow(40), 7i64.saturating_pow(2));
    println!("{:?} {:?}", 100u8.checked_add(200), 100u8.checked_add(100));
    println!("{:?} {:?}", 2i32.checked_pow(31), 2i32.checked_pow(30));
    println!("{} {}", i32::MIN.wrapping_abs(), i16::MIN.wrapping_neg());
    println!("{} {}", u8::MAX.saturating_add(1), i8::MIN.saturating_sub(1));
    let angles = [0.0f64, 1.0, -2.5, 90.0, 180.0, 360.0, 1e300, f64::NAN, f64::INFINITY, 0.1];
    for a in angles.iter() {
        println!("{} {} {:?}", a.to_radians(), a.to_degrees(), f64::to_radians(*a));
    }
    let fs = [0.0f32, 1.0, -2.5, 90.0, 180.0, 45.0, 3e38, 0.1, 57.29578];
    for a in fs.iter() {
        println!("{} {} {:?}", a.to_radians(), a.to_degrees(), f32::to_degrees(*a));
    }
}
