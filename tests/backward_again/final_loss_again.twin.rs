//! Training with a loss bound before the loop and assigned each step; after the loop one
//! "polishing" step reuses the last loss.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Fit {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(9);
    let mut fit = Fit { fc: LinearConfig::new(1, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5], [1.5], [-1.0]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [3.0], [-2.0]], &device);
    let mut loss = (fit.fc.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean();
    for epoch in 0..3 {
        loss = (fit.fc.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean();
        println!("epoch {epoch}: {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &fit);
        fit = sgd.step(0.1, fit, grads);
    }
    loss = (fit.fc.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean();
    let grads = GradientsParams::from_grads(loss.backward(), &fit);
    fit = sgd.step(0.01, fit, grads);
    println!("w = {:.6}", fit.fc.weight.val().sum().into_scalar::<f32>());
}
