fn remainder(a: i32, f: f32) -> i32 {
    a % f
}

fn scaled(a: i32) -> f64 {
    let s = a * 1.0;
    s as f64
}

fn named() -> String {
    let s: String = 5;
    s
}

fn main() {
    println!("{} {} {}", remainder(7, 2.0), scaled(2), named());
}
