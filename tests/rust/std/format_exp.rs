// {:e} and {:E} of floats (shortest digits, as Display picks them) and integers, padded.
fn main() {
    let a = 1234.5f64;
    let b = 0.1f32;
    println!("{:e} {:e} {:E} {:e} {:e} {:e}", a, b, a, 1.0f64, 0.0f64, -0.0f32);
    println!("{:e} {:e} {:e} {:e}", 1e300f64, 5e-324f64, f64::NAN, -f64::INFINITY);
    println!("{:e} {:e} {:e} {:E} {:e}", 1500, 0, -120i32, 7u8, 100000u64);
    println!("[{:>12e}] [{:<10e}] [{:+e}] [{:012e}]", a, b, a, -a);
    println!("{:e} {:e} {:e}", 16777216f32, 3.4028235e38f32, 1.0e-7f32);
}
