// A Vec kept across epochs (never cleared), walked from the newest, two of them, before the
// epoch pushes its two: `rev().take(2)` reaches the previous epoch's, pushed after that epoch's
// loss was made, so no backward has consumed them yet. pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    let scales = [1.0f32, 2.0];
    for epoch in 0..3 {
        let mut loss = w.clone().sum();
        for x in saved.iter().rev().take(2) {
            loss = loss + x.clone().powf_scalar(2.0).sum();
        }
        for s in scales.iter() {
            saved.push(w.clone().tanh().mul_scalar(*s + epoch as f32));
        }
        let grads = loss.backward();
        println!("epoch {epoch}: {}", w.grad(&grads).is_some());
    }
}
