// A Vec kept across passes that every second pass pushes into (in a branch), read by `last()`:
// on a pass that pushed none it is the pass before's, which that pass's loss read and its
// backward consumed. pbpit run: panics (loop-external-tracked).
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
        let loss = saved.last().unwrap().clone().sum() + h.sum();
        let grads = loss.backward();
        println!("step {step}: {}", w.grad(&grads).is_some());
    }
}
