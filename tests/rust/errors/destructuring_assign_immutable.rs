fn cell(x: f32, h: f32, c: f32) -> (f32, f32) {
    (x + h, c)
}

fn main() {
    let h = 0.0f32;
    let mut c = 1.0f32;
    (h, c) = cell(0.5, h, c);
    println!("{} {}", h, c);
}
