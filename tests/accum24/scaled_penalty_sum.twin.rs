//! A sparsity term accumulated over steps and added, scaled, to each step's loss.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Ae {
    enc: Linear,
    dec: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(77);
    let mut ae = Ae { enc: LinearConfig::new(4, 2).init(&device), dec: LinearConfig::new(2, 4).init(&device) };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.1, 0.5, -0.2, 0.9], [0.4, -0.3, 0.8, 0.0]], &device);
    let lambda = 0.1;

    for step in 0..4 {
        let code = ae.enc.forward(x.clone());
        let recon = ae.dec.forward(code.clone());
        let sparsity = code.abs().mean();
        let loss = (recon - x.clone()).powf_scalar(2.0).mean() + sparsity * lambda;
        println!("step {step}: {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &ae);
        ae = optim.step(0.01, ae, grads);
    }
}
