//! A hand-written SGD update through `inner()` / `from_inner()`: the gradient and the new value
//! live on the inner backend, the updated parameter is a fresh leaf. No panic.
//!
//! Node ids for the record: w 0, b 1, x 2, y 3; each step: matmul, unsqueeze (a reshape), add,
//! sub, powi_scalar, mean; then `from_inner` makes the new w and b (two new ids).

use burn::prelude::*;

fn main() {
    let device = Device::default().autodiff();
    let mut w = Tensor::<2>::from_floats([[0.5], [-0.5]], &device).require_grad();
    let mut b = Tensor::<1>::from_floats([0.0], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [2.0, 1.0], [-1.0, 0.5], [0.5, 0.5]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [1.5], [-1.0], [0.5]], &device);
    let lr = 0.125;

    for step in 0..4 {
        let pred = x.clone().matmul(w.clone()) + b.clone().unsqueeze();
        let loss = (pred - y.clone()).powi_scalar(2).mean();
        let grads = loss.backward();
        let gw = w.grad(&grads).unwrap();
        let gb = b.grad(&grads).unwrap();
        println!("step {step}: loss = {}", loss.into_scalar::<f32>());
        w = Tensor::from_inner(w.inner() - gw.mul_scalar(lr)).require_grad();
        b = Tensor::from_inner(b.inner() - gb.mul_scalar(lr)).require_grad();
    }
    println!("w = {:?}", w.into_data().to_vec::<f32>().unwrap());
    println!("b = {:?}", b.into_data().to_vec::<f32>().unwrap());
}
