//! A PPO-style update: the old policy's log-probabilities computed once before the epochs and
//! detached (as burn-rl-examples' PPO does), the probability ratio against them each epoch.
//! No panic.
//!
//! Node ids for the record: policy.weight 0, .bias 1, states 2, advantages 3; the old pass:
//! linear 4-6, log_softmax 7-13, gather 14, detach 15 = old_log_probs, untracked and reusable.

use burn::backend::{Autodiff, NdArray};
use burn::module::Param;
use burn::nn::Linear;
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::activation::log_softmax;

type B = Autodiff<NdArray>;

fn log_probs<B: Backend>(policy: &Linear<B>, states: Tensor<B, 2>, actions: Tensor<B, 1, Int>) -> Tensor<B, 2> {
    log_softmax(policy.forward(states), 1).gather(1, actions.reshape([2, 1]))
}

fn main() {
    let device = Default::default();
    let mut policy: Linear<B> = Linear {
        weight: Param::from_tensor(Tensor::from_floats([[0.5, -0.5], [0.25, 0.5]], &device)),
        bias: Some(Param::from_tensor(Tensor::from_floats([0.0, 0.0], &device))),
    };
    let states = Tensor::<B, 2>::from_floats([[1.0, 0.5], [-1.0, 1.0]], &device);
    let advantages = Tensor::<B, 2>::from_floats([[1.0], [-0.5]], &device);
    let actions = Tensor::<B, 1, Int>::from_data([0, 1], &device);
    let mut optim = AdamConfig::new().init();

    let old_log_probs = log_probs(&policy, states.clone(), actions.clone()).detach();
    for epoch in 0..3 {
        let new_log_probs = log_probs(&policy, states.clone(), actions.clone());
        let ratio = (new_log_probs - old_log_probs.clone()).exp();
        let loss = (ratio.clone() * advantages.clone()).mean().neg();
        println!(
            "epoch {epoch}: loss = {}, ratio = {:?}",
            loss.clone().into_scalar(),
            ratio.into_data().to_vec::<f32>().unwrap()
        );
        let grads = GradientsParams::from_grads(loss.backward(), &policy);
        policy = optim.step(0.05, policy, grads);
    }
}
