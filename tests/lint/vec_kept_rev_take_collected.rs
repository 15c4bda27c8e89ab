// A Vec kept across passes (never cleared) that each pass pushes two tracked tensors into, then
// collects its newest two (`rev().take(2).cloned().collect()`) into the loss: only this pass's,
// fresh each pass. pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    for step in 0..3 {
        for k in 0..2 {
            saved.push(w.clone().tanh().mul_scalar(k as f32 + 1.0));
        }
        let recent: Vec<Tensor<1>> = saved.iter().rev().take(2).cloned().collect();
        let loss = Tensor::cat(recent, 0).sum();
        let grads = loss.backward();
        println!("step {step}: {}", w.grad(&grads).is_some());
    }
}
