//! double-backward: the same loss backpropagated twice.
//!
//! The first backward consumes every step under the loss, the loss's own included, so the second
//! one panics at the loss itself, NodeId(4).

use burn::tensor::{Device, Tensor};

/// The gradient's values, if there is one.
fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let loss = (x.clone().exp() * w.clone()).sum();
    let grads = loss.backward();
    println!("first: w.grad = {:?}", v(w.grad(&grads)));
    let grads = loss.backward();
    println!("second: w.grad = {:?}", v(w.grad(&grads)));
}
