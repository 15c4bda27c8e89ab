//! f32 special values through {}, {:?} and {:.3}.

fn show(label: &str, x: f32) {
    println!("{label:>14}: {} | {:?} | {:.3} | {:e>12.1}", x, x, x, x);
}

fn main() {
    let zero: f32 = 0.0;
    show("nan", zero / zero);
    show("inf", 1.0 / zero);
    show("-inf", -1.0 / zero);
    show("-0.0", -0.0);
    show("neg zero prod", -1.0 * zero);
    show("subnormal min", 1e-45);
    show("subnormal", 1.17549e-38);
    show("subnormal 2", 5e-40);
    show("1e16", 1e16);
    show("below 1e16", 9999999000000000.0);
    show("1e15", 1e15);
    show("1e-5", 1e-5);
    show("1e-4", 1e-4);
    show("0.0001001", 0.0001001);
    show("9.9e-5", 9.9e-5);
    show("MAX", f32::MAX);
    show("MIN", f32::MIN);
    show("MIN_POSITIVE", f32::MIN_POSITIVE);
    show("EPSILON", f32::EPSILON);
    show("1+EPSILON", 1.0 + f32::EPSILON);
    show("0.1", 0.1);
    show("1/3", 1.0 / 3.0);
    show("2/3", 2.0 / 3.0);
    show("16777217", 16777217.0);
    show("123456.789", 123456.789);
    show("PI", std::f32::consts::PI);
    show("E", std::f32::consts::E);
    show("NAN const", f32::NAN);
    show("-NAN", -f32::NAN);
    show("INFINITY", f32::INFINITY);
    println!("{} {} {}", f32::NAN == f32::NAN, f32::NAN < 1.0, f32::INFINITY > f32::MAX);
    println!("{} {}", -0.0f32 == 0.0, 1.0 / -0.0f32);
    let mut x: f32 = 1.0;
    for _ in 0..150 {
        x = x / 2.0;
    }
    println!("{x:?} {x}");
    let mut y: f32 = 1.0;
    for _ in 0..130 {
        y = y * 2.0;
    }
    println!("{y:?}");
}
