// An advantage actor-critic with separate actor and critic networks, the agent returning their
// outputs as a tuple. The two losses share only the observations (data) and the advantage,
// detached: each backward walks its own network. No finding.
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::activation::log_softmax;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Mlp<B: Backend> {
    hidden: Linear<B>,
    output: Linear<B>,
}

impl<B: Backend> Mlp<B> {
    pub fn new(inputs: usize, outputs: usize, device: &B::Device) -> Self {
        Self { hidden: LinearConfig::new(inputs, 64).init(device), output: LinearConfig::new(64, outputs).init(device) }
    }

    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.output.forward(self.hidden.forward(x).tanh())
    }
}

pub struct Agent<B: Backend> {
    actor: Mlp<B>,
    critic: Mlp<B>,
}

impl<B: Backend> Agent<B> {
    pub fn forward(&self, obs: Tensor<B, 2>) -> (Tensor<B, 2>, Tensor<B, 2>) {
        (self.actor.forward(obs.clone()), self.critic.forward(obs))
    }
}

pub fn train<B: AutodiffBackend>(mut agent: Agent<B>, rollouts: Vec<(Tensor<B, 2>, Tensor<B, 2>, Tensor<B, 2>)>) {
    let mut actor_optim = AdamConfig::new().init();
    let mut critic_optim = AdamConfig::new().init();
    for (obs, actions_one_hot, returns) in rollouts {
        let (logits, values) = agent.forward(obs);
        let advantage = (returns.clone() - values.clone()).detach();
        let actor_loss = (log_softmax(logits, 1) * actions_one_hot).sum_dim(1).mul(advantage).mean().neg();
        let critic_loss = (returns - values).powf_scalar(2.0).mean();
        let grads = GradientsParams::from_grads(actor_loss.backward(), &agent.actor);
        agent.actor = actor_optim.step(3e-4, agent.actor, grads);
        let grads = GradientsParams::from_grads(critic_loss.backward(), &agent.critic);
        agent.critic = critic_optim.step(1e-3, agent.critic, grads);
    }
}
