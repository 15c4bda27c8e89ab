// A Vec kept across epochs (never cleared) that each epoch pushes two tracked tensors into, then
// walks from the newest, two of them: `rev().take(2)` reaches only this epoch's, fresh each
// epoch. pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    let scales = [1.0f32, 2.0];
    for epoch in 0..3 {
        for s in scales.iter() {
            saved.push(w.clone().tanh().mul_scalar(*s + epoch as f32));
        }
        let mut loss = w.clone().sum();
        for (i, x) in saved.iter().rev().take(2).enumerate() {
            loss = loss + x.clone().powf_scalar(2.0).sum().mul_scalar(i as f32 + 1.0);
        }
        let grads = loss.backward();
        let g = w.grad(&grads).unwrap();
        println!("epoch {epoch}: {:?}", g.into_data().to_vec::<f32>().unwrap());
    }
}
