fn main() {
    let lo: f64 = 2.0; let hi: f64 = 1.0; println!("{}", 1.5f64.clamp(lo, hi));
}
