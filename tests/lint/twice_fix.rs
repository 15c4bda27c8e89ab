// SPEC §3 `twice_fix`: the three fixes of `twice`. No finding.
use burn::backend::{Autodiff, Flex};
use burn::tensor::Tensor;

type B = Autodiff<Flex>;

fn main() {
    let device = Default::default();
    let x = Tensor::<B, 1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<B, 1>::from_floats([1.0, 2.0], &device).require_grad();

    // A: features need no gradient -> cut them off once
    let feats = x.clone().exp().detach();
    for step in 0..2 {
        let grads = (feats.clone() * w.clone()).sum().backward();
        println!("A step {step}: w.grad = {:?} x.grad = {:?}", w.grad(&grads), x.grad(&grads));
    }
    // B: gradients must reach x -> recompute the forward every step
    for step in 0..2 {
        let feats = x.clone().exp();
        let grads = (feats * w.clone()).sum().backward();
        println!("B step {step}: w.grad = {:?} x.grad = {:?}", w.grad(&grads), x.grad(&grads));
    }
    // C: two losses on one graph -> add them, one backward
    let feats = x.clone().exp();
    let l1 = (feats.clone() * w.clone()).sum();
    let l2 = (feats * 2.0).sum();
    let grads = (l1 + l2).backward();
    println!("C l1+l2:  w.grad = {:?} x.grad = {:?}", w.grad(&grads), x.grad(&grads));
}
