//! shared-loss: one forward, two loss terms, two backwards.
//!
//! Both losses go through `feats`. The first backward consumes its step; the second walks back to
//! it and panics at NodeId(2). Add the losses and run one backward instead.

use burn::tensor::{Device, Tensor};

/// The gradient's values, if there is one.
fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let feats = x.clone().exp();
    let l1 = (feats.clone() * w.clone()).sum();
    let l2 = (feats * 2.0).sum();
    println!("l1 = {}, l2 = {}", l1.clone().into_scalar(), l2.clone().into_scalar());
    let g1 = l1.backward();
    println!("l1: w.grad = {:?} x.grad = {:?}", v(w.grad(&g1)), v(x.grad(&g1)));
    let g2 = l2.backward();
    println!("l2: x.grad = {:?}", v(x.grad(&g2)));
}
