fn window(xs: &[f32], start: usize, len: usize) -> &[f32] {
    &xs[start..start + len]
}

fn main() {
    let v = vec![1.0f32, 2.0, 3.0];
    println!("{:?}", window(&v, 1, 2));
    println!("{:?}", window(&v, 1, 4));
}
