//! Transitions kept as structs with the state; the log-probability of the action taken is
//! computed again from it; each step trains on the transition halfway back.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::log_softmax,
};

struct Step {
    state: Tensor<2>,
    gain: f32,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(64);
    let mut actor: Linear = LinearConfig::new(3, 2).init(&device);
    let mut optim = SgdConfig::new().init();
    let gains = [1.0, -0.5, 0.25, 0.8];
    let mut memory: Vec<Step> = Vec::new();
    for t in 0..4 {
        let f = t as f32;
        let state = Tensor::<2>::from_floats([[0.5 * f, 1.0, -0.25 * f]], &device);
        memory.push(Step { state, gain: gains[t] });
        let earlier = &memory[memory.len() / 2];
        let chosen = log_softmax(actor.forward(earlier.state.clone()), 1).slice([0..1, 1..2]).reshape([1]);
        let loss = chosen.mul_scalar(-earlier.gain).sum();
        println!("t {t}: loss {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &actor);
        actor = optim.step(0.2, actor, grads);
    }
}
