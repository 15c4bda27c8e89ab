//! f32 arithmetic rounds after every operation; f64 does not round to f32.

fn main() {
    let mut x: f32 = 1.0;
    let mut y: f64 = 1.0;
    for i in 1..=12 {
        x = x * 1.1 + 0.01 / (i as f32);
        y = y * 1.1 + 0.01 / (i as f64);
        println!("{i:2}: {x:?} {y:?}");
    }
    let mut h: f32 = 0.0;
    for n in 1..1000 {
        h += 1.0 / n as f32;
    }
    println!("harmonic f32: {h:?}");
    let big: f32 = 16777216.0;
    println!("{:?} {:?} {:?}", big + 1.0, big + 2.0, big + 3.0);
    let tiny: f32 = 1e-8;
    println!("{:?} {:?}", 1.0 + tiny, (1.0 + tiny) - 1.0);
    let third: f32 = 1.0 / 3.0;
    println!("{:?} {:?} {:?}", third * 3.0, third + third + third, 1.0 - third * 3.0);
    let a: f32 = 0.1;
    let b: f32 = 0.2;
    let c: f32 = 0.3;
    println!("{} {} {}", a + b == c, (a + b) + c == a + (b + c), a * b * c);
    println!("{:?} {:?}", 7.0f32 % 2.5, -7.5f32 % 2.0);
    println!("{:?} {:?}", 1e30f32 * 1e10, -1e30f32 * 1e10);
    println!("{:?} {:?}", 1e-30f32 * 1e-20, 0.1f32 - 0.1);
    let m: f32 = 3.4028235e38;
    println!("{:?} {:?}", m * 2.0 / 2.0, m / 2.0 * 2.0);
    let r = (0.1f32 + 0.7) * 10.0;
    println!("{r:?} {} {}", r as i32, (0.1f64 + 0.7) * 10.0);
}
