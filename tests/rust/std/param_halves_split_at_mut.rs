// a two-layer parameter buffer updated in halves with split_at_mut
fn sgd(params: &mut [f32], grads: &[f32], lr: f32) {
    for (p, g) in params.iter_mut().zip(grads.iter()) {
        *p -= lr * g;
    }
}

fn main() {
    let mut flat = vec![1.0f32, 2.0, 3.0, 4.0, 5.0];
    let grads = vec![0.5f32, 0.5, 1.0, 1.0, 1.0];
    {
        let (w, b) = flat.split_at_mut(3);
        sgd(w, &grads[..3], 0.1);
        sgd(b, &grads[3..], 1.0);
        b[0] += w[0];
    }
    println!("{:?}", flat);
    let (left, right) = flat.split_at_mut(2);
    std::mem::swap(&mut left[0], &mut right[0]);
    println!("{:?}", flat);
}
