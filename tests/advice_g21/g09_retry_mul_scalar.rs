//! A NaN guard: when the loss is too large the step is retried on a halved loss.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Reg {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(40);
    let mut reg = Reg { fc: LinearConfig::new(3, 1).init(&device) };
    let mut optim = AdamConfig::new().init();
    let inputs = Tensor::<2>::from_floats([[2.0, 1.0, -3.0], [0.5, 0.5, 0.5]], &device);
    let targets = Tensor::<2>::from_floats([[6.0], [0.1]], &device);
    for epoch in 0..2 {
        let out = reg.fc.forward(inputs.clone());
        let loss = (out - targets.clone()).powf_scalar(2.0).mean();
        let value = loss.clone().into_scalar::<f32>();
        println!("epoch {epoch}: loss = {value}");
        let grads = loss.backward();
        if value > 1.0 {
            let grads = loss.mul_scalar(0.5).backward();
            let grads = GradientsParams::from_grads(grads, &reg);
            reg = optim.step(1e-2, reg, grads);
        } else {
            let grads = GradientsParams::from_grads(grads, &reg);
            reg = optim.step(1e-2, reg, grads);
        }
    }
}
