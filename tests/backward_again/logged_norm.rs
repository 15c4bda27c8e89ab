//! A logging helper computes the gradient norm of the loss it is given; the training step then
//! backpropagates the same loss for the optimizer.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Model<B: Backend> {
    fc: Linear<B>,
}

fn log_weight_grad(step: usize, loss: &Tensor<B, 1>, model: &Model<B>) {
    let grads = loss.backward();
    let g = model.fc.weight.grad(&grads).unwrap();
    println!("step {step}: |grad w| = {:.6}", g.powf_scalar(2.0).sum().sqrt().into_scalar());
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
        log_weight_grad(step, &loss, &model);
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = adam.step(0.02, model, grads);
    }
}
