fn main() {
    println!("{:?} {:?}", 1i64.checked_shl(70), 1u32.checked_shl(3));
    println!("{:?} {:?} {:?}", 0x80u8.checked_shl(1), (-1i8).checked_shr(7), 255u8.checked_shr(8));
    println!("{} {} {}", 1u8.wrapping_shl(9), (-128i8).wrapping_shr(9), 3i32.wrapping_shl(31));
    println!("{:?} {:?}", 1u16.overflowing_shl(17), (-8i64).overflowing_shr(65));
    let k: u32 = 4;
    let x: i32 = -5;
    println!("{:?} {:?}", x.checked_shl(k), x.checked_shr(k));
    println!("{}", 0x1234_5678u32.wrapping_shr(36));
}
