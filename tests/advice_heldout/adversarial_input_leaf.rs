//! An adversarial-example step: the perturbed input is meant to be a fresh leaf whose gradient
//! gives the next perturbation.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5], [-1.0]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 2.0]], &device).require_grad();
    let noise = Tensor::<2>::from_floats([[0.01, -0.02]], &device);
    let x_adv = (x.clone().detach() + noise).require_grad();
    let loss = x_adv.clone().matmul(w.clone()).sum();
    let grads = loss.backward();
    let g = x_adv.grad(&grads).unwrap();
    println!("grad wrt x_adv = {:?}", g.into_data().to_vec::<f32>().unwrap());
    println!("w.grad = {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
}
