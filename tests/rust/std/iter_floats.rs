// `sum` and `product` of floats as core's `Sum`/`Product` give them: an empty sum is -0.0,
// f32 rounds after every step.

fn main() {
    let empty: Vec<f32> = Vec::new();
    let s: f32 = empty.iter().sum();
    let p: f32 = empty.iter().product();
    println!("{} {:?} {}", s, s, p);
    let v = [0.1f32, 0.2, 0.3];
    println!("{} {}", v.iter().sum::<f32>(), v.iter().map(|x| *x as f64).sum::<f64>());
    let mean = v.iter().sum::<f32>() / v.len() as f32;
    println!("{mean}");
    let w = vec![1.5f64, -2.0, 4.0];
    let dot: f64 = v.iter().zip(w.iter()).map(|(a, b)| *a as f64 * b).sum();
    println!("{dot}");
}
