//! A reward model trained on a small replay buffer of encoded observations (the two most recent).
use std::collections::VecDeque;

use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct WorldModel {
    encoder: Linear,
    reward: Linear,
}

const CAPACITY: usize = 2;

fn main() {
    let device = Device::flex().autodiff();
    device.seed(29);
    let mut model = WorldModel {
        encoder: LinearConfig::new(2, 3).init(&device),
        reward: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let frames = Tensor::<2>::from_floats([[0.1, 0.8], [0.5, -0.4], [-0.3, 0.2], [0.9, 0.9]], &device);
    let reward_table = Tensor::<2>::from_floats([[1.0], [0.0], [0.5], [1.5]], &device);
    let mut replay: VecDeque<Tensor<2>> = VecDeque::new();

    for step in 0..4 {
        let obs = frames.clone().slice([step..step + 1, 0..2]);
        replay.push_back(obs);
        if replay.len() > CAPACITY {
            replay.pop_front();
        }
        let lo = step + 1 - replay.len();
        let batch = model.encoder.forward(Tensor::cat(replay.iter().cloned().collect(), 0)).tanh();
        let pred = model.reward.forward(batch);
        let target = reward_table.clone().slice([lo..step + 1, 0..1]);
        let loss = (pred - target).powf_scalar(2.0).mean();
        println!("step {step}: reward loss = {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-2, model, grads);
    }
}
