//! REINFORCE with the episode's log-probs and rewards kept in two local vectors, made once
//! before the episodes and never emptied.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation,
};

#[derive(Module, Debug)]
pub struct Pi {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(4);
    let mut pi = Pi { fc: LinearConfig::new(2, 2).init(&device) };
    let mut optim = AdamConfig::new().init();
    let states = [[1.0, 0.0], [0.0, 1.0]];
    let mut log_probs: Vec<Tensor<1>> = Vec::new();
    let mut rewards: Vec<f32> = Vec::new();
    for ep in 0..3 {
        for t in 0..2 {
            let s = Tensor::<2>::from_floats([states[t]], &device);
            let lp = activation::log_softmax(pi.fc.forward(s), 1).narrow(1, (t + ep) % 2, 1).reshape([1]);
            log_probs.push(lp);
            rewards.push(if t == 0 { 1.0 } else { -0.5 } * (ep + 1) as f32);
        }
        let mut loss = Tensor::<1>::zeros([1], &device);
        for (l, r) in log_probs.iter().zip(rewards.iter()) {
            loss = loss - l.clone() * *r;
        }
        println!("ep {ep}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &pi);
        pi = optim.step(0.05, pi, grads);
    }
}
