// vec_kept_last_before_push.rs read by `iter().rev().next()`, the newest as `last()` is.
// pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    for step in 0..3 {
        let mut loss = w.clone().sum();
        if let Some(last) = saved.iter().rev().next() {
            loss = loss + last.clone().sum();
        }
        saved.push(w.clone().tanh().mul_scalar(step as f32 + 1.0));
        let grads = loss.backward();
        println!("step {step}: {}", w.grad(&grads).is_some());
    }
}
