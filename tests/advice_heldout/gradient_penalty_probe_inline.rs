//! WGAN-GP with the gradient probe written inline: one batch of real, fake and interpolated
//! samples goes through the critic's body and head; the probe's backward reads the input
//! gradient of the interpolates, and the Wasserstein terms are sliced from the same scores.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Critic {
    body: Linear,
    head: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(4);
    let mut critic = Critic {
        body: LinearConfig::new(3, 5).init(&device),
        head: LinearConfig::new(5, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let real = Tensor::<2>::from_floats([[0.9, 0.1, 0.4], [1.1, 0.3, 0.2]], &device);
    let fake = Tensor::<2>::from_floats([[-0.2, 0.5, 0.0], [0.3, -0.6, 0.1]], &device);
    for step in 0..4 {
        let t = 0.2 + 0.15 * step as f32;
        let mixed = (real.clone() * t + fake.clone() * (1.0 - t)).require_grad();
        let inputs = Tensor::cat(vec![real.clone(), fake.clone(), mixed.clone()], 0);
        let hidden = critic.body.forward(inputs).tanh();
        let scores = critic.head.forward(hidden);
        let probe = scores.clone().slice([4..6, 0..1]).sum().backward();
        let slope = mixed.grad(&probe).unwrap().powf_scalar(2.0).sum().sqrt();
        let gp = (slope - 1.0).powf_scalar(2.0) * 10.0;
        let wasserstein = scores.clone().slice([2..4, 0..1]).mean() - scores.slice([0..2, 0..1]).mean();
        let loss = wasserstein + gp;
        println!("step {step}: loss = {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &critic);
        critic = optim.step(0.01, critic, grads);
    }
}
