//! A logging helper computes the gradient norm of the loss it is given; the training step then
//! backpropagates the same loss for the optimizer.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Model<B: Backend> {
    fc: Linear<B>,
}

fn log_weight_grad(step: usize, grads: &<B as AutodiffBackend>::Gradients, model: &Model<B>) {
    let g = model.fc.weight.grad(&grads).unwrap();
    println!("step {step}: |grad w| = {:.6}", g.clone().powf_scalar(2.0).sum().sqrt().into_scalar());
}

fn main() {
    let device = Default::default();
    B::seed(&device, 21);
    let mut model: Model<B> = Model { fc: LinearConfig::new(2, 1).init(&device) };
    let mut adam = AdamConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[0.2, 0.8], [0.6, -0.5], [1.0, 0.3]], &device);
    let y = Tensor::<B, 2>::from_floats([[1.0], [0.0], [0.4]], &device);
    for step in 0..3 {
        let loss = (model.fc.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean();
        let raw = loss.backward();
        log_weight_grad(step, &raw, &model);
        let grads = GradientsParams::from_grads(raw, &model);
        model = adam.step(0.02, model, grads);
    }
}
