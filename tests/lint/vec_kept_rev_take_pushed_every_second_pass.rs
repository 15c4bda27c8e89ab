// vec_kept_last_pushed_every_second_pass.rs walked from the newest, one of them
// (`rev().take(1)`): on a pass that pushed none, the pass before's. pbpit run: panics
// (loop-external-tracked).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    for step in 0..4 {
        let h = w.clone().tanh().mul_scalar(step as f32 + 1.0); //~ WARN loop-external-tracked
        if step % 2 == 0 {
            saved.push(h.clone());
        }
        let mut loss = h.sum();
        for t in saved.iter().rev().take(1) {
            loss = loss + t.clone().sum();
        }
        let grads = loss.backward();
        println!("step {step}: {}", w.grad(&grads).is_some());
    }
}
