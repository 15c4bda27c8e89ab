//! f64 special values through {}, {:?} and {:.3}.

fn show(label: &str, x: f64) {
    println!("{label:>14}: {} | {:?} | {:.3} | {:>12.1}", x, x, x, x);
}

fn main() {
    let zero: f64 = 0.0;
    show("nan", zero / zero);
    show("inf", 1.0 / zero);
    show("-inf", -1.0 / zero);
    show("-0.0", -0.0);
    show("subnormal min", 5e-324);
    show("subnormal", 2.2250738585072e-308);
    show("1e16", 1e16);
    show("below 1e16", 9999999999999998.0);
    show("1e15", 1e15);
    show("1e-5", 1e-5);
    show("1e-4", 1e-4);
    show("9.9e-5", 9.9e-5);
    show("MAX", f64::MAX);
    show("MIN", f64::MIN);
    show("MIN_POSITIVE", f64::MIN_POSITIVE);
    show("EPSILON", f64::EPSILON);
    show("0.1", 0.1);
    show("0.1+0.2", 0.1 + 0.2);
    show("1/3", 1.0 / 3.0);
    show("1e22", 1e22);
    show("1e23", 1e23);
    show("2^53+1", 9007199254740993.0);
    show("123456.789", 123456.789);
    show("halfway", -103689220926388.125);
    show("halfway 2", 0.30000000000000004 * 1e16);
    show("PI", std::f64::consts::PI);
    show("TAU", std::f64::consts::TAU);
    show("LN_2", std::f64::consts::LN_2);
    show("LN_10", std::f64::consts::LN_10);
    show("SQRT_2", std::f64::consts::SQRT_2);
    show("FRAC_PI_2", std::f64::consts::FRAC_PI_2);
    show("f32 PI", std::f32::consts::PI as f64);
    show("f32 TAU", std::f32::consts::TAU as f64);
    show("f32 LN_2", std::f32::consts::LN_2 as f64);
    show("f32 LN_10", std::f32::consts::LN_10 as f64);
    show("f32 SQRT_2", std::f32::consts::SQRT_2 as f64);
    show("f32 FRAC_PI_2", std::f32::consts::FRAC_PI_2 as f64);
    show("f32 E", std::f32::consts::E as f64);
    show("f32 EPSILON", f32::EPSILON as f64);
    show("f32 MAX", f32::MAX as f64);
    println!("{:.17} {:.30}", 0.1, 1e-10);
    println!("{:.0} {:.0} {:.0} {:.0}", 0.5, 1.5, 2.5, 3.5);
    println!("{:.1} {:.2} {:.3}", 0.05, 0.125, 0.0005);
}
