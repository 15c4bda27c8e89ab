// A Vec kept across epochs (never cleared) that each epoch pushes two tracked tensors into,
// then folds the newest two into the loss (`rev().take(2).fold(..)`, an iterator consumer, not a
// `for`): only this epoch's, fresh each epoch. pbpit run: clean.
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
        let loss = saved.iter().rev().take(2).fold(w.clone().sum(), |acc, x| acc + x.clone().sum());
        let grads = loss.backward();
        println!("epoch {epoch}: {}", w.grad(&grads).is_some());
    }
}
