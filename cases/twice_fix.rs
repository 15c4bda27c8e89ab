//! twice_fix: the three fixes for `twice`, each printing the gradients it gets.
//!
//! A: the features need no gradient, so detach them once.
//! B: gradients must reach x, so recompute the forward every step.
//! C: two losses on one graph, so add them and run one backward.

use burn::tensor::{Device, Tensor};

/// The gradient's values, if there is one.
fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    // A: features need no gradient -> cut them off once
    let feats = x.clone().exp().detach();
    for step in 0..2 {
        let grads = (feats.clone() * w.clone()).sum().backward();
        println!("A step {step}: w.grad = {:?} x.grad = {:?}", v(w.grad(&grads)), v(x.grad(&grads)));
    }
    // B: gradients must reach x -> recompute the forward every step
    for step in 0..2 {
        let feats = x.clone().exp();
        let grads = (feats * w.clone()).sum().backward();
        println!("B step {step}: w.grad = {:?} x.grad = {:?}", v(w.grad(&grads)), v(x.grad(&grads)));
    }
    // C: two losses on one graph -> add them, one backward
    let feats = x.clone().exp();
    let l1 = (feats.clone() * w.clone()).sum();
    let l2 = (feats * 2.0).sum();
    let grads = (l1 + l2).backward();
    println!("C l1+l2:  w.grad = {:?} x.grad = {:?}", v(w.grad(&grads)), v(x.grad(&grads)));
}
