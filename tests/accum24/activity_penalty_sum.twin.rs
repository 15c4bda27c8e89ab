//! Regression with an activity penalty on the outputs, added to the task loss at every step.
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
    device.seed(97);
    let mut model = Model { fc: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.4, -0.6], [1.0, 0.3]], &device);
    let y = Tensor::<2>::from_floats([[0.5, 0.0], [0.2, 0.9]], &device);

    for step in 0..4 {
        let out = model.fc.forward(x.clone());
        let penalty = out.clone().abs().mean() * 0.01;
        let task = (out - y.clone()).powf_scalar(2.0).mean();
        let loss = task + penalty;
        println!("step {step}: loss = {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
    }
}
