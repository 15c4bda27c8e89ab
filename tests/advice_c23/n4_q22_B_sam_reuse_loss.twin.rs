//! Sharpness-aware minimisation on a linear model (older backend-generic style, raw tensors): the
//! weights are pushed uphill along the gradient, the gradient is taken again at the pushed weights,
//! and that second gradient updates the original weights.
use burn::{
    backend::{Autodiff, NdArray},
    prelude::*,
};

type B = Autodiff<NdArray>;

const RHO: f32 = 0.05;
const LR: f32 = 0.05;

fn main() {
    let device = <B as Backend>::Device::default();
    let x = Tensor::<B, 2>::from_floats([[1.0, 0.5], [0.0, 1.0], [2.0, -1.0]], &device);
    let y = Tensor::<B, 2>::from_floats([[1.0], [0.5], [0.0]], &device);
    let mut w = Tensor::<B, 2>::from_floats([[0.1], [-0.1]], &device).require_grad();

    for step in 0..3 {
        let loss = (x.clone().matmul(w.clone()) - y.clone()).powf_scalar(2.0).mean();
        println!("step {step}: loss = {:.5}", loss.clone().into_scalar());
        let grads = loss.backward();
        let g = w.grad(&grads).unwrap();
        let norm: f32 = g.clone().powf_scalar(2.0).sum().sqrt().into_scalar();
        let w_adv = Tensor::from_inner(w.clone().inner() + g * (RHO / (norm + 1e-12))).require_grad();
        let loss_adv = (x.clone().matmul(w_adv.clone()) - y.clone()).powf_scalar(2.0).mean();
        let grads_adv = loss_adv.backward();
        let g_adv = w_adv.grad(&grads_adv).unwrap();
        w = Tensor::from_inner(w.inner() - g_adv * LR).require_grad();
    }
}
