fn main() {
    let a: i32 = 1;
    let b: f32 = 2.0;
    let c = a + b;
    println!("{}", c);
}
