//! Older Burn dialect: a critic scores a small replay of recent encoded states each update.
use std::collections::VecDeque;

use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Critic<B: Backend> {
    enc: Linear<B>,
    value: Linear<B>,
}

fn main() {
    let device = Default::default();
    B::seed(&device, 21);
    let mut critic: Critic<B> = Critic {
        enc: LinearConfig::new(2, 3).init(&device),
        value: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let states = Tensor::<B, 2>::from_floats([[0.2, 0.9], [0.4, -0.5], [-0.7, 0.1], [0.3, 0.3]], &device);
    let returns = Tensor::<B, 2>::from_floats([[0.5], [1.0], [0.0], [0.8]], &device);
    let mut recent: VecDeque<Tensor<B, 2>> = VecDeque::with_capacity(2);
    for n in 0..4 {
        let state = states.clone().slice([n..n + 1, 0..2]);
        if recent.len() == 2 {
            recent.pop_front();
        }
        recent.push_back(state);
        let first = n + 1 - recent.len();
        let batch = Tensor::cat(recent.iter().map(|s| critic.enc.forward(s.clone()).tanh()).collect(), 0);
        let v = critic.value.forward(batch);
        let loss = (v - returns.clone().slice([first..n + 1, 0..1])).abs().mean();
        println!("update {n}: value loss {:.5}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &critic);
        critic = optim.step(0.1, critic, grads);
    }
}
