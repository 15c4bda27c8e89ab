//! The PPO-style update with the old policy's log-probabilities left attached: epoch 0's
//! backward flows into them and consumes their step; epoch 1's ratio reaches them again.
//!
//! Node ids: policy.weight 0, .bias 1, states 2, advantages 3 (actions: Int, no node); the old
//! pass: linear 4-6 (matmul, the bias's reshape, add), log_softmax 7-13 (detach, max_dim, sub, exp,
//! sum_dim, log, sub), gather 14 = old_log_probs. Epoch 0: linear 15-17, log_softmax 18-24, gather
//! 25, sub 26, exp 27, mul 28, mean 29, neg 30; its backward consumes 30 down to 4; Adam's new
//! weight 31, bias 32. Epoch 1: 33-43, sub 44 (parents 43 and 14), exp 45, mul 46, mean 47, neg 48:
//! the walk reaches 14, whose step is gone: the panic at NodeId(14).

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

    let old_log_probs = log_probs(&policy, states.clone(), actions.clone());
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
