// closure_runs_backward.rs with the features computed in the loop, every pass: no finding.
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let step = |loss: Tensor<1>| loss.backward();
    for _ in 0..3 {
        let feats = x.clone().exp();
        let loss = (feats.clone() * 2.0).sum();
        let _grads = step(loss);
    }
}
