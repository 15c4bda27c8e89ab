// vec_kept_last_this_pass.rs read by `last()` before the push: the previous pass's, pushed
// after that pass's loss was made, so no backward consumed it. pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    for step in 0..3 {
        let mut loss = w.clone().sum();
        if let Some(last) = saved.last() {
            loss = loss + last.clone().sum();
        }
        saved.push(w.clone().tanh().mul_scalar(step as f32 + 1.0));
        let grads = loss.backward();
        println!("step {step}: {}", w.grad(&grads).is_some());
    }
}
