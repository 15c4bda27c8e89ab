//! Integer division by zero panics; float division gives an infinity or NaN.

fn div(a: i32, b: i32) -> i32 {
    a / b
}

fn main() {
    println!("{:?} {:?} {:?}", 1.0 / 0.0, -1.0f32 / 0.0, 0.0f64 / 0.0);
    println!("{}", div(7, 2));
    let zero = div(1, 2);
    println!("{}", div(7, zero));
}
