// PPO's update: the rollout policy's log-probabilities are computed once, before the epochs of
// updates, and every epoch divides the current policy's probabilities by them (the ratio). The
// policy is stepped by the optimizer each epoch. The old log-probabilities are data from the
// rollout: they must be detached (recomputed in the loop, they would be the current policy's,
// the ratio always 1). Burn 0.22.
#![allow(deprecated)]
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::log_softmax,
};

#[derive(Module, Debug)]
pub struct Policy {
    head: Linear,
}

impl Policy {
    pub fn log_probs(&self, states: Tensor<2>) -> Tensor<2> {
        log_softmax(self.head.forward(states), 1)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(7);
    let mut policy = Policy { head: LinearConfig::new(3, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let states = Tensor::<2>::from_floats([[0.5, -1.0, 0.25], [1.0, 0.0, -0.5]], &device);
    let taken = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0]], &device);
    let advantages = Tensor::<1>::from_floats([0.75, -0.5], &device);
    let old_log_probs = (policy.log_probs(states.clone()) * taken.clone()).sum_dim(1).squeeze::<1>();
    for epoch in 0..3 {
        let new_log_probs = (policy.log_probs(states.clone()) * taken.clone()).sum_dim(1).squeeze::<1>();
        let ratio = (new_log_probs - old_log_probs.clone()).exp();
        let loss = -(ratio * advantages.clone()).mean();
        println!("epoch {epoch}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &policy);
        policy = optim.step(0.1, policy, grads);
    }
}
