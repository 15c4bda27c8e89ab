// {:.Ne} (LowerExp, UpperExp with a precision) of f32, f64 and integers: exact values rounded, ties to even
fn main() {
    let xs: [f64; 12] = [0.0, -0.0, 1.0, -2.5, 1e-7, 12345.678, 0.00012345, 1e300, 5e-324, 1.5, 2.5, 123456789.0];
    for x in xs.iter() {
        println!("{:e} {:.3e} {:.0e} {:E} {:.2E} {:12.3e}|{:<12.3e}|{:+e}", x, x, x, x, x, x, x, x);
    }
    let fs: [f32; 8] = [0.0, -1.25, 1e-7, 12345.678, 0.1, 3.4028235e38, 1e-45, 0.125];
    for x in fs.iter() {
        println!("{:e} {:.3e} {:.1e} {:.0e}", x, x, x, x);
    }
    // ties
    println!("{:.0e} {:.0e} {:.0e} {:.1e} {:.1e} {:.2e}", 2.5f64, 3.5f64, 1.5f64, 1.25f64, 1.35f64, 1.125f64);
    println!("{:.1e} {:.1e} {:.0e} {:.3e}", 0.25f32, 0.35f32, 0.5f32, 1.0005f32);
    let y = 9.9996f64;
    println!("{:.3e} {:e} {:e}", y, f64::NAN, f64::INFINITY);
    println!("{:e} {:e}", -f64::INFINITY, 100i32 as f64);
    let v = vec![1.5f32, 2.25];
    println!("{:e}", v[0]);
    println!("{:.2e}", v[1] * 1000.0);
    println!("{:e} {:.2e} {:.0e} {:.0e} {:.0e} {:.1e} {:.5e}", 12345, 12345, 25, 35, 15, 125, 7);
    println!("{:.1e} {:.1e} {:E} {:.2E}", -1250i64, 1350u32, 120u8, 99999i32);
    println!("{:.0e} {:.3e} {:.20e} {:e}", 9.5f64, 0.0f64, 0.1f64, 1e21f64);
    println!("{:.0e} {:.0e} {:.1e}", 0.5f32, 9.5f32, 9.95f64);
    println!("{:010.2e}|{:^12.1e}|{:*>10e}|{:+.1e}|{:+010.1e}", -1.5f64, 2.0f64, 3.0f32, 0.0f64, 7.25f64);
    println!("{:.2e} {:.2e} {:010.2e}", f64::NAN, -f64::INFINITY, f64::NAN);
}
