// The backward is a closure's, bound by `let` and called by name in the loop: the loop
// backpropagates every pass all the same, and the features made before it lose their steps to
// the first pass.
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let feats = x.clone().exp(); //~ WARN loop-external-tracked
    let step = |loss: Tensor<1>| loss.backward();
    for _ in 0..3 {
        let loss = (feats.clone() * 2.0).sum();
        let _grads = step(loss);
    }
}
