fn main() {
    let a: f32 = 1.0;
    let b: f64 = 2.0;
    let c = a * b;
    println!("{}", c);
}
