// SPEC §3 `twice`: a forward "optimised" out of the loop (the common trigger).
use burn::backend::{Autodiff, Flex};
use burn::tensor::Tensor;

type B = Autodiff<Flex>;

fn main() {
    let device = Default::default();
    let x = Tensor::<B, 1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<B, 1>::from_floats([1.0, 2.0], &device).require_grad();
    // "Features" computed once, outside the loop, to save time.
    let feats = x.clone().exp(); //~ WARN loop-external-tracked
    for step in 0..3 {
        let loss = (feats.clone() * w.clone()).sum();
        let grads = loss.backward();
        println!("step {step}: w.grad = {:?}", w.grad(&grads).map(|g| g.into_data()));
    }
}
