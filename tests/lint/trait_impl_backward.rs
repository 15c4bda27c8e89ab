// Actor and critic heads on one shared trunk, each updated through the crate's own `Learner`
// trait. Both losses are built on the trunk's output `hidden`: the actor's `update` consumes
// the trunk's steps, the critic's `update` walks into them again and panics.
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;
use burn::tensor::activation::log_softmax;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct ActorCritic<B: Backend> {
    trunk: Linear<B>,
    actor: Linear<B>,
    critic: Linear<B>,
}

pub trait Learner<B: AutodiffBackend> {
    fn update(self, loss: Tensor<B, 1>, lr: f64) -> Self;
}

impl<B: AutodiffBackend> Learner<B> for ActorCritic<B> {
    fn update(self, loss: Tensor<B, 1>, lr: f64) -> Self {
        let mut optim = SgdConfig::new().init();
        let grads = GradientsParams::from_grads(loss.backward(), &self);
        optim.step(lr, self, grads)
    }
}

pub fn train<B: AutodiffBackend>(
    mut model: ActorCritic<B>,
    rollouts: Vec<(Tensor<B, 2>, Tensor<B, 2>, Tensor<B, 2>)>,
) -> ActorCritic<B> {
    for (states, actions_one_hot, returns) in rollouts {
        let hidden = model.trunk.forward(states).tanh(); //~ WARN shared-intermediate
        let values = model.critic.forward(hidden.clone());
        let advantages = (returns.clone() - values.clone()).detach();
        let log_probs = log_softmax(model.actor.forward(hidden), 1);
        let policy_loss = (log_probs * actions_one_hot).sum_dim(1).mul(advantages).mean().neg();
        let value_loss = (returns - values).powf_scalar(2.0).mean();
        model = model.update(policy_loss, 7e-4);
        model = model.update(value_loss, 7e-4);
    }
    model
}
