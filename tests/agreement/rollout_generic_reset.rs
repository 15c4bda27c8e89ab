// Panics (hand derivation): a REINFORCE learner in the `Tensor<B, D>` style. `Episode::reset`
// sets `self.rewards` to a new `Vec` but leaves `self.log_probs`, which the loop fills each
// step. Episode 1's loss concatenates `episode.log_probs`: episode 0's two log-probs first,
// whose steps episode 0's backward consumed, so its backward panics at one. Fix by hand:
// `self.log_probs = Vec::new();` in `reset`, beside `self.rewards = Vec::new();`.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;
use burn::tensor::activation::log_softmax;

type B = Autodiff<NdArray>;

struct Episode<B: Backend> {
    log_probs: Vec<Tensor<B, 1>>,
    rewards: Vec<f32>,
}

impl<B: Backend> Episode<B> {
    fn reset(&mut self) {
        self.rewards = Vec::new();
    }
}

fn main() {
    let device = Default::default();
    B::seed(&device, 3);
    let mut policy: Linear<B> = LinearConfig::new(2, 2).init(&device);
    let mut optim = SgdConfig::new().init();
    let mut episode: Episode<B> = Episode { log_probs: Vec::new(), rewards: Vec::new() };
    for round in 0..3 {
        for t in 0..2 {
            let state = Tensor::<B, 2>::from_floats([[1.0, t as f32]], &device);
            let log_probs = log_softmax(policy.forward(state), 1);
            episode.log_probs.push(log_probs.slice([0..1, 1..2]).reshape([1]));
            episode.rewards.push(0.5 + t as f32);
        }
        let total: f32 = episode.rewards.iter().sum();
        let loss = Tensor::cat(episode.log_probs.clone(), 0).sum().neg().mul_scalar(total);
        println!("round {round}: loss {:.4}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &policy);
        policy = optim.step(0.05, policy, grads);
        episode.reset();
    }
}
