fn layer_norm(x: &mut [f64], gamma: &[f64], beta: &[f64]) {
    let n = x.len() as f64;
    let mean = x.iter().sum::<f64>() / n;
    let var = x.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n;
    let inv = 1.0 / (var + 1e-5).sqrt();
    for ((v, g), b) in x.iter_mut().zip(gamma).zip(beta) {
        *v = (*v - mean) * inv * g + b;
    }
}
fn bump(x: &mut f64) {
    *x += 1.0;
}

fn main() {
    let mut batch = vec![vec![1.0, 2.0, 3.0, 4.0], vec![10.0, 10.0, 10.0, 11.0]];
    let gamma = vec![1.0, 0.5, 2.0, 1.0];
    let beta = vec![0.0, 0.1, 0.0, -0.1];
    for row in batch.iter_mut() {
        layer_norm(row, &gamma, &beta);
    }
    for row in &batch {
        println!("{}", row.iter().map(|v| format!("{:.5}", v)).collect::<Vec<_>>().join(", "));
    }
    let mut flat = vec![1.0f64, 2.0];
    for x in flat.iter_mut() {
        bump(x);
        bump(x);
    }
    println!("{:?}", flat);
}
