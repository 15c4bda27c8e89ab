//! A running average of the features, updated each step and then read by the step's own loss:
//! the step's gradient goes through the update, so it can only be cut after the backward.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Enc {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(29);
    let mut enc = Enc { fc: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut avg = Tensor::<2>::zeros([1, 2], &device);
    for step in 0..3 {
        let x = Tensor::<2>::from_floats([[step as f32, 1.0]], &device);
        avg = avg * 0.9 + enc.fc.forward(x).tanh() * 0.1;
        let loss = (avg.clone() - 0.5).powf_scalar(2.0).sum();
        println!("step {step}: loss {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &enc);
        enc = optim.step(0.1, enc, grads);
    }
}
