//! A PPO-style update: the old policy's log-probabilities computed once before the epochs and
//! detached (as burn-rl-examples' PPO does), the probability ratio against them each epoch.
//! No panic.
//!
//! Node ids for the record: policy.weight 0, .bias 1, states 2, advantages 3; the old pass:
//! linear 4-6, log_softmax 7-13, gather 14, detach 15 = old_log_probs, untracked and reusable.

use burn::{
    module::Param,
    nn::Linear,
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation::log_softmax,
};

fn log_probs(policy: &Linear, states: Tensor<2>, actions: Tensor<1, Int>) -> Tensor<2> {
    log_softmax(policy.forward(states), 1).gather(1, actions.reshape([2, 1]))
}

fn main() {
    let device = Device::default().autodiff();
    let mut policy: Linear = Linear {
        weight: Param::from_tensor(Tensor::from_floats([[0.5, -0.5], [0.25, 0.5]], &device)),
        bias: Some(Param::from_tensor(Tensor::from_floats([0.0, 0.0], &device))),
    };
    let states = Tensor::<2>::from_floats([[1.0, 0.5], [-1.0, 1.0]], &device);
    let advantages = Tensor::<2>::from_floats([[1.0], [-0.5]], &device);
    let actions = Tensor::<1, Int>::from_data([0, 1], &device);
    let mut optim = AdamConfig::new().init();

    let old_log_probs = log_probs(&policy, states.clone(), actions.clone()).detach();
    for epoch in 0..3 {
        let new_log_probs = log_probs(&policy, states.clone(), actions.clone());
        let ratio = (new_log_probs - old_log_probs.clone()).exp();
        let loss = (ratio.clone() * advantages.clone()).mean().neg();
        println!(
            "epoch {epoch}: loss = {}, ratio = {:?}",
            loss.clone().into_scalar::<f32>(),
            ratio.into_data().to_vec::<f32>().unwrap()
        );
        let grads = GradientsParams::from_grads(loss.backward(), &policy);
        policy = optim.step(0.05, policy, grads);
    }
}
