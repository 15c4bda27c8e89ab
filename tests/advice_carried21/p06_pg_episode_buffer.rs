//! REINFORCE on a toy bandit: log-probabilities and rewards collected into an episode buffer,
//! one policy update per episode.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation,
};

#[derive(Module, Debug)]
pub struct Policy {
    fc: Linear,
}

struct Episode {
    log_probs: Vec<Tensor<1>>,
    rewards: Vec<f32>,
}

impl Episode {
    fn returns(&self, gamma: f32) -> Vec<f32> {
        let mut out = vec![0.0; self.rewards.len()];
        let mut g = 0.0;
        for i in (0..self.rewards.len()).rev() {
            g = self.rewards[i] + gamma * g;
            out[i] = g;
        }
        out
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(2);
    let mut policy = Policy { fc: LinearConfig::new(2, 2).init(&device) };
    let mut optim = AdamConfig::new().init();
    let states = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];
    let actions = [0, 1, 1];
    let rewards = [1.0, 0.5, -0.5];

    let mut episode = Episode { log_probs: Vec::new(), rewards: Vec::new() };
    for ep in 0..3 {
        for t in 0..3 {
            let s = Tensor::<2>::from_floats([states[t]], &device);
            let logp = activation::log_softmax(policy.fc.forward(s), 1);
            let a = (actions[t] + ep) % 2;
            let chosen = logp.narrow(1, a, 1).reshape([1]);
            episode.log_probs.push(chosen);
            episode.rewards.push(rewards[t]);
        }
        let returns = episode.returns(0.9);
        let mut loss = Tensor::<1>::zeros([1], &device);
        for (lp, g) in episode.log_probs.iter().zip(returns.iter()) {
            loss = loss - lp.clone() * *g;
        }
        println!("episode {ep}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &policy);
        policy = optim.step(0.05, policy, grads);
    }
}
