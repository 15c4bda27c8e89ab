//! A regressor trained with a guard on the gradient's size: when the gradient norm is too
//! large, the step is redone with the loss scaled down.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(12);
    let mut model = Model { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let xs = [[3.0, -2.0], [0.1, 0.2], [4.0, 5.0]];
    let ys = [10.0, 0.3, -8.0];
    let max_norm = 5.0;
    for step in 0..3 {
        let x = Tensor::<2>::from_floats([xs[step]], &device);
        let y = Tensor::<2>::from_floats([[ys[step]]], &device);
        let loss = (model.fc.forward(x) - y).powf_scalar(2.0).mean();
        println!("step {step}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = loss.backward();
        let g = model.fc.weight.grad(&grads).unwrap();
        let norm = g.powf_scalar(2.0).sum().sqrt().into_scalar::<f32>();
        println!("step {step}: grad norm = {norm}");
        if norm > max_norm {
            let scale = max_norm / norm;
            let grads = (loss * scale).backward();
            let grads = GradientsParams::from_grads(grads, &model);
            model = optim.step(0.01, model, grads);
        } else {
            let grads = GradientsParams::from_grads(grads, &model);
            model = optim.step(0.01, model, grads);
        }
    }
}
