// A Vec made holding a zero before the loop, only pushed to since (two tracked tensors a pass,
// in an inner loop): `saved[0]` is that zero every pass, no tensor an earlier pass pushed.
// pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = vec![Tensor::<1>::zeros([2], &device)];
    for step in 0..3 {
        for k in 0..2 {
            saved.push(w.clone().tanh().mul_scalar(k as f32 + 1.0));
        }
        let loss = saved[0].clone().sum() + w.clone().sum();
        let grads = loss.backward();
        println!("step {step}: {}", w.grad(&grads).is_some());
    }
}
