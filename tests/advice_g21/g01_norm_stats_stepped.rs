//! A regressor whose encoder's features are standardised by a mean and a spread measured once,
//! on a calibration batch, before training; both are used in every step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation,
};

#[derive(Module, Debug)]
struct Model {
    enc: Linear,
    head: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut model = Model {
        enc: LinearConfig::new(3, 2).init(&device),
        head: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let calib = Tensor::<2>::from_floats([[0.5, 1.0, -0.2], [0.1, -0.3, 0.8], [1.2, 0.4, 0.0]], &device);
    let feats = model.enc.forward(calib.clone());
    let mean = feats.clone().mean_dim(0);
    let std = feats.var(0).sqrt();
    let inputs = [[0.3, -0.1, 0.7], [1.0, 0.2, -0.5], [-0.4, 0.9, 0.1]];
    let targets = [0.4, -0.3, 0.8];
    for step in 0..3 {
        let x = Tensor::<2>::from_floats([inputs[step]], &device);
        let h = (model.enc.forward(x) - mean.clone()) / (std.clone() + 1e-3);
        let pred = model.head.forward(activation::relu(h));
        let loss = (pred - targets[step]).powf_scalar(2.0).mean();
        println!("step {step}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.05, model, grads);
    }
}
