//! A REINFORCE-style learner that keeps (observation, log-probability) pairs in a Vec and
//! regresses the policy's log-prob of the last two observations onto the ones kept then.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::log_softmax,
};

#[derive(Module, Debug)]
struct Policy {
    head: Linear,
}

impl Policy {
    fn forward(&self, obs: Tensor<2>) -> Tensor<1> {
        log_softmax(self.head.forward(obs), 1).sum_dim(1).reshape([1])
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(4);
    let mut policy = Policy { head: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut memory: Vec<(Tensor<2>, Tensor<1>)> = Vec::new();
    for t in 0..4 {
        let obs = Tensor::<2>::from_floats([[0.3 * t as f32, 1.0 - 0.2 * t as f32]], &device);
        let log_prob = policy.forward(obs.clone());
        memory.push((obs, log_prob));
        if memory.len() < 2 {
            continue;
        }
        let (obs_a, a) = memory[memory.len() - 1].clone();
        let (obs_b, b) = memory[memory.len() - 2].clone();
        let drift = policy.forward(obs_a) - a + policy.forward(obs_b) - b;
        let loss = (drift.clone() * drift).sum();
        println!("t {t}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &policy);
        policy = optim.step(0.1, policy, grads);
    }
}
