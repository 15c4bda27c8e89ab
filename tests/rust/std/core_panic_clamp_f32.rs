fn main() {
    let lo: f32 = 0.1;
    let hi: f32 = -1e-7;
    println!("{}", 1.5f32.clamp(-lo, lo));
    println!("{}", 1.5f32.clamp(lo, hi));
}
