// A Vec kept across passes that each pass puts a tracked tensor in at its front
// (`insert(0, ..)`), then reads by `last()`: the first pass's, which that pass's backward
// consumed. pbpit run: panics (loop-external-tracked).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    for step in 0..4 {
        saved.insert(0, w.clone().tanh().mul_scalar(step as f32 + 1.0)); //~ WARN loop-external-tracked
        let loss = saved.last().unwrap().clone().sum();
        let grads = loss.backward();
        println!("step {step}: {}", w.grad(&grads).is_some());
    }
}
