// f32/f64 is_normal and is_subnormal, by method and by path
fn main() {
    let xs: [f32; 8] = [1e-40, 1.0, 0.0, -0.0, f32::MIN_POSITIVE, f32::INFINITY, f32::NAN, -1e-45];
    for x in xs.iter() {
        println!("{} {} {}", x, x.is_normal(), x.is_subnormal());
    }
    let ys = [f64::MIN_POSITIVE, f64::MIN_POSITIVE / 2.0, 5e-324, -1.5, f64::NEG_INFINITY];
    for y in ys {
        println!("{:e} {} {}", y, y.is_normal(), f64::is_subnormal(y));
    }
    println!("{}", f32::is_normal(0.5));
}
