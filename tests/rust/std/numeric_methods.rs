// The float and integer methods of std that numeric code uses, as methods and by their path
// (`f64::is_nan(x)`); `String += &str`.
fn main() {
    let mut d = String::new();
    let s = String::from("ab");
    d += "x";
    d += &s;
    d += &format!("{}", 3);
    d += s.as_str();
    println!("{d}");
    let x: f64 = -2.5;
    let y: f32 = 0.75;
    println!("{} {} {} {}", x.is_nan(), x.is_finite(), x.is_infinite(), (x / 0.0).is_infinite());
    println!("{} {} {} {}", x.abs(), x.sqrt().is_nan(), x.powi(3), x.powf(2.0));
    println!("{} {} {} {}", x.max(3.0), x.min(1.0), x.clamp(-1.0, 1.5), x.exp());
    println!("{} {} {} {}", y.ln(), y.log10(), y.log2(), y.ln_1p());
    println!("{} {} {} {}", x.signum(), x.to_bits(), y.to_bits(), 2);
    println!("{} {} {} {}", x.floor(), x.ceil(), x.round(), x.trunc());
    println!("{} {} {} {}", x.fract(), x.recip(), x.tanh(), y.sin());
    println!("{} {} {}", y.cos(), y.tan(), y.atan2(1.0));
    println!("{} {} {}", x.hypot(1.0), x.mul_add(2.0, 1.0), x.copysign(1.0));
    println!("{} {} {}", f64::is_nan(x), f64::abs(x), f32::max(y, 1.0));
    println!("{} {} {}", f64::NAN.is_nan(), f64::INFINITY, f64::EPSILON);
    println!("{} {}", x < 1.0, y.is_sign_negative());
    let i: i32 = -7;
    let u: u32 = 13;
    println!("{} {} {} {} {}", i.pow(2), i.abs(), i.min(3), i.max(3), i.rem_euclid(3));
    println!("{} {} {} {}", i.div_euclid(3), i.signum(), u.pow(2), u.is_power_of_two());
    println!("{:?} {:?} {:?}", i.checked_add(1), i32::MAX.checked_add(1), u.checked_sub(14));
    println!("{:?} {:?}", i.checked_mul(2), i.checked_div(0));
    println!("{} {} {}", i32::MAX.wrapping_add(1), u.wrapping_sub(14), i.wrapping_mul(i));
    println!("{} {} {}", i32::MAX.saturating_add(1), u.saturating_sub(14), i.saturating_mul(1073741824));
    println!("{} {} {}", i.unsigned_abs(), u.leading_zeros(), u.count_ones());
    println!("{} {} {}", i32::abs(i), i32::pow(2, 10), u32::max(u, 20));
    println!("{} {}", u.trailing_zeros(), (i as i64).abs_diff(3));
    edges();
}

fn edges() {
    let halves = [0.5f64, -0.5, 1.5, 2.5, -2.5, 0.49999999999999994, -0.0];
    for h in halves {
        println!("{} {} {} {} {} {}", h.round(), h.floor(), h.ceil(), h.trunc(), h.fract(), h.signum());
    }
    let q: f32 = -0.0;
    println!("{} {} {:?} {}", q.to_bits(), (-1.5f32).round(), 7.9f32.trunc(), f32::NAN.signum().is_nan());
    println!("{} {} {}", f32::clamp(5.0, -1.0, 1.0), f64::NAN.clamp(0.0, 1.0).is_nan(), f32::MAX.recip());
    println!("{} {} {}", 1e308f64.hypot(1e308), 0.1f32.mul_add(10.0, -1.0), 0.1f64.mul_add(10.0, -1.0));
    let b: i8 = -128;
    let c: u8 = 200;
    println!("{:?} {:?} {:?} {:?}", b.checked_abs(), b.checked_neg(), b.checked_div(-1), b.checked_rem(-1));
    println!("{} {} {} {}", b.wrapping_abs(), b.wrapping_neg(), c.wrapping_neg(), c.wrapping_mul(3));
    println!("{} {} {} {}", b.unsigned_abs(), b.count_ones(), b.leading_zeros(), b.trailing_zeros());
    println!("{} {} {} {}", c.saturating_add(100), b.saturating_sub(1), c.saturating_mul(2), 0u8.trailing_zeros());
    println!("{:?} {:?} {:?}", c.checked_pow(2), 2i64.checked_pow(62), 2i64.checked_pow(63));
    println!("{} {} {}", (-7i64).div_euclid(-2), (-7i64).rem_euclid(-2), 7i64.div_euclid(-2));
    println!("{} {} {}", i64::MIN.abs_diff(i64::MAX), (-1i32).count_zeros(), 64u64.is_power_of_two());
}
