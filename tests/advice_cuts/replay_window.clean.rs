//! A critic regressed on a sliding window of its last three values, kept in a VecDeque: each
//! step pushes the new value at the back, drops the oldest from the front, and trains on all.
use std::collections::VecDeque;
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Critic {
    v: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(2);
    let mut critic = Critic { v: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut window: VecDeque<Tensor<2>> = VecDeque::new();
    for t in 0..5 {
        let obs = Tensor::<2>::from_floats([[0.2 * t as f32, -0.5]], &device);
        window.push_back(obs);
        if window.len() > 3 {
            window.pop_front();
        }
        let mut loss = Tensor::<1>::zeros([1], &device);
        for v in window.iter() {
            loss = loss + critic.v.forward(v.clone()).sub_scalar(0.5).powf_scalar(2.0).sum();
        }
        println!("t {t}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &critic);
        critic = optim.step(0.1, critic, grads);
    }
}
