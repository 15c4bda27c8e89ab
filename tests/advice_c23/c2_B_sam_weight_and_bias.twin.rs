//! Twin of c2_B_sam_weight_and_bias.rs, fixed by hand: the loss at the pushed weight and bias
//! built and backpropagated for the update.
use burn::{
    backend::{Autodiff, NdArray},
    prelude::*,
};

type B = Autodiff<NdArray>;

fn main() {
    let device = <B as Backend>::Device::default();
    let x = Tensor::<B, 2>::from_floats([[1.0, 0.0], [0.5, 0.5], [0.0, 2.0], [1.0, 1.0]], &device);
    let y = Tensor::<B, 2>::from_floats([[0.8], [0.4], [1.0], [1.3]], &device);
    let mut w = Tensor::<B, 2>::from_floats([[0.1], [0.1]], &device).require_grad();
    let mut b = Tensor::<B, 1>::from_floats([0.0], &device).require_grad();
    for step in 0..3 {
        let loss = (x.clone().matmul(w.clone()) + b.clone().unsqueeze::<2>() - y.clone())
            .powf_scalar(2.0)
            .mean();
        println!("step {step}: loss = {:.6}", loss.clone().into_scalar());
        let grads = loss.backward();
        let gw = w.grad(&grads).unwrap();
        let gb = b.grad(&grads).unwrap();
        let w_adv = Tensor::from_inner(w.clone().inner() + gw * 0.05).require_grad();
        let b_adv = Tensor::from_inner(b.clone().inner() + gb * 0.05).require_grad();
        let loss_adv = (x.clone().matmul(w_adv.clone()) + b_adv.clone().unsqueeze::<2>() - y.clone())
            .powf_scalar(2.0)
            .mean();
        let grads_adv = loss_adv.backward();
        let dw = w_adv.grad(&grads_adv).unwrap();
        let db = b_adv.grad(&grads_adv).unwrap();
        w = Tensor::from_inner(w.inner() - dw * 0.1).require_grad();
        b = Tensor::from_inner(b.inner() - db * 0.1).require_grad();
    }
}
