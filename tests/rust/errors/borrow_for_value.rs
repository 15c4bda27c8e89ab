fn total(v: Vec<f32>) -> f32 {
    v.iter().sum()
}

fn main() {
    let v = vec![1.0f32, 2.0];
    let t = total(&v);
    println!("{}", t);
}
