//! `as`: float to integer saturates (NaN is 0), integer to integer wraps, to float rounds once.

fn to_u8(x: f32) -> u8 {
    x as u8
}

fn main() {
    let floats = [0.0, -0.0, 1.9, -1.9, 255.5, 256.0, -1.0, 1e10, -1e10, f32::NAN, f32::INFINITY, f32::NEG_INFINITY];
    for x in floats {
        println!("{x:?} as u8 = {}, as i8 = {}, as i32 = {}, as u64 = {}", to_u8(x), x as i8, x as i32, x as u64);
    }
    let d = [2147483647.5f64, 2147483648.0, -2147483648.9, -2147483649.0, 1e300, f64::NAN];
    for x in d {
        println!("{x:?} as i32 = {}, as i64 = {}, as u32 = {}", x as i32, x as i64, x as u32);
    }
    let ints = [300, -1, 255, 256, -129, 128, 65535, -32768, 2147483647];
    for n in ints {
        println!("{n} as u8 = {}, as i8 = {}, as u16 = {}, as i16 = {}, as u64 = {}", n as u8, n as i8, n as u16, n as i16, n as u64);
    }
    let big: i64 = -1;
    println!("{} {} {}", big as u64, big as usize, big as u128);
    let huge: u64 = 18446744073709551615;
    println!("{} {} {}", huge as i64, huge as i32, huge as f32);
    println!("{} {:?}", huge as f64, 16777217i32 as f32);
    println!("{:?} {:?}", 9007199254740993i64 as f64, 9007199254740993i64 as f32);
    println!("{:?}", u128::MAX as f32);
    println!("{:?}", i128::MIN as f64);
    println!("{} {} {}", true as i32, false as u8, (3 > 2) as i64 + 1);
    let x: f64 = 0.1;
    println!("{:?} {:?}", x as f32, x as f32 as f64);
    let y: f32 = 0.1;
    println!("{:?} {:?}", y as f64, y as f64 as f32);
    let g: f64 = 3.4028235677973366e38;
    println!("{:?} {:?}", g as f32, 3.4028236e38f64 as f32);
    println!("{:?} {:?}", 1e-46f64 as f32, -1e-46f64 as f32);
    let c: usize = 3;
    println!("{} {}", c as i32 - 5, (c as f32) / 2.0);
}
