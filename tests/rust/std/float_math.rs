//! f32 and f64 exp, ln, tanh, powf, powi, sqrt, abs, max, min on values computed at run time
//! (not constants rustc could fold), as the C library and compiler-builtins compute them.

fn f32_math() {
    let mut x: f32 = -3.0;
    while x <= 3.0 {
        println!(
            "x={:?} exp={:?} tanh={:?} powi3={:?} powi-2={:?} abs={:?} max={:?} min={:?}",
            x,
            x.exp(),
            x.tanh(),
            x.powi(3),
            x.powi(-2),
            x.abs(),
            x.max(0.3),
            x.min(0.3)
        );
        x += 0.7;
    }
    let mut y: f32 = 0.05;
    for _ in 0..8 {
        println!(
            "y={:?} ln={:?} sqrt={:?} powf2.5={:?} powf-0.5={:?} powi7={:?}",
            y,
            y.ln(),
            y.sqrt(),
            y.powf(2.5),
            y.powf(-0.5),
            y.powi(7)
        );
        y = y * 2.3 + 0.01;
    }
    let mut z: f32 = 0.0;
    let values = [-1.0, -0.0, 0.0, 1e-40, 88.7, 89.0, -104.0, 1e30];
    for v in values {
        z = z + v;
        println!("v={:?} exp={:?} ln={:?} sqrt={:?} tanh={:?}", v, v.exp(), v.ln(), v.sqrt(), v.tanh());
    }
    println!("{z:?}");
    let nan = z - z;
    println!("{:?} {:?} {:?} {:?}", nan.max(1.0), (1.0f32).min(nan), nan.sqrt(), nan.powi(0));
    let mut base: f32 = 1.0001;
    for _ in 0..3 {
        base = base * 1.5;
        println!("{:?} {:?} {:?}", base.powi(100), base.powf(100.0), base.powi(-100));
    }
    let neg: f32 = -8.0 + z * 0.0;
    println!("{:?} {:?} {:?}", neg.powf(1.0 / 3.0), neg.powf(2.0), neg.powi(2));
}

fn f64_math() {
    let mut x: f64 = -3.0;
    while x <= 3.0 {
        println!(
            "x={:?} exp={:?} tanh={:?} powi3={:?} powi-2={:?} max={:?}",
            x,
            x.exp(),
            x.tanh(),
            x.powi(3),
            x.powi(-2),
            x.max(0.3)
        );
        x += 0.7;
    }
    let mut y: f64 = 0.05;
    for _ in 0..8 {
        println!("y={:?} ln={:?} sqrt={:?} powf={:?} powi7={:?}", y, y.ln(), y.sqrt(), y.powf(2.5), y.powi(7));
        y = y * 2.3 + 0.01;
    }
    let mut base: f64 = 1.0001;
    for _ in 0..3 {
        base = base * 1.5;
        println!("{:?} {:?} {:?}", base.powi(100), base.powf(100.0), base.powi(-100));
    }
    let e = 1.0f64;
    println!("{:?} {:?} {:?}", e.exp(), e.exp().ln(), (2.0f64 * e).sqrt());
    let k = 3_i64;
    println!("{} {} {} {}", k.pow(3), (-k).abs(), k.max(5), k.min(-1));
}

fn main() {
    f32_math();
    f64_math();
}
