// std's methods the interpreter runs, each a row of `interp/std_methods.py`: those no other
// program here calls, on f32 and f64, as methods and by their path; `Result`'s tests.
use std::error::Error;

fn halve(x: i32) -> Result<i32, Box<dyn Error>> {
    Ok(x / 2)
}

fn main() {
    let x: f64 = 0.375;
    let y: f32 = -0.625;
    println!("{} {} {} {}", x.asin(), x.acos(), x.atan(), x.sinh());
    println!("{} {} {} {}", y.asin(), y.acos(), y.atan(), y.sinh());
    println!("{} {} {} {}", x.cosh(), x.cbrt(), x.exp2(), x.exp_m1());
    println!("{} {} {} {}", y.cosh(), y.cbrt(), y.exp2(), y.exp_m1());
    println!("{} {} {}", f64::cbrt(-27.0), f32::exp2(10.5), f64::asin(1.5).is_nan());
    println!("{} {} {}", x.is_sign_positive(), y.is_sign_positive(), (-0.0f64).is_sign_positive());
    let r = halve(9);
    println!("{} {} {:?}", r.is_ok(), r.is_err(), halve(4).unwrap());
}
