// vec_kept_rev_take_collected.rs reducing the newest three by `map` and `fold`: the third is
// the previous pass's, whose step that pass's backward consumed. pbpit run: panics
// (loop-external-tracked).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    for step in 0..3 {
        for k in 0..2 {
            saved.push(w.clone().tanh().mul_scalar(k as f32 + 1.0)); //~ WARN loop-external-tracked
        }
        let loss = saved.iter().rev().take(3).map(|t| t.clone().sum()).fold(w.clone().sum(), |a, b| a + b);
        let grads = loss.backward();
        println!("step {step}: {}", w.grad(&grads).is_some());
    }
}
