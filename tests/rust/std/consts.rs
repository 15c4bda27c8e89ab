//! const items, integer limits and std consts.

const SCALE: f32 = 0.1;
const STEPS: usize = 4;
const START: i64 = -3;
const FACTOR: f64 = 1.0 / 3.0;

fn scaled(x: f32) -> f32 {
    x * SCALE
}

fn main() {
    for i in 0..STEPS {
        println!("{} {:?}", i, scaled(i as f32 + 0.5));
    }
    println!("{} {:?}", START * 2, FACTOR);
    println!("{} {} {} {}", i8::MIN, i8::MAX, u8::MAX, u16::MAX);
    println!("{} {} {} {}", i32::MIN, i32::MAX, u32::MAX, i64::MIN);
    println!("{} {} {}", u64::MAX, isize::MIN, usize::MAX);
    println!("{} {}", i128::MAX, u128::MAX);
    println!("{:?} {:?} {:?}", f32::MAX, f32::MIN, f32::EPSILON);
    println!("{:?} {:?} {:?}", f64::MAX, f64::MIN_POSITIVE, f64::EPSILON);
    println!("{:?} {:?}", std::f32::consts::PI, std::f64::consts::PI);
    println!("{:?} {:?}", std::f32::consts::E, std::f64::consts::E);
    println!("{:?} {:?}", std::f32::consts::TAU, std::f32::consts::FRAC_PI_2);
    println!("{:?} {:?}", std::f32::consts::LN_2, std::f32::consts::LN_10);
    println!("{:?} {:?}", std::f32::consts::SQRT_2, std::f64::consts::SQRT_2);
    let area = std::f32::consts::PI * 2.0 * 2.0;
    println!("{area} {}", SCALE + SCALE + SCALE);
}
