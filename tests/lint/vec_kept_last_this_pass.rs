// A Vec kept across passes (never cleared) that each pass pushes one tracked tensor into, then
// reads by `last()`: this pass's push, fresh each pass. pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    for step in 0..3 {
        saved.push(w.clone().tanh().mul_scalar(step as f32 + 1.0));
        let loss = saved.last().unwrap().clone().sum();
        let grads = loss.backward();
        println!("step {step}: {}", w.grad(&grads).is_some());
    }
}
