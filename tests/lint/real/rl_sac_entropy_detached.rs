// Reduced from yunjhongwu/burn-rl-examples, burn-rl/src/agent/sac/agent.rs (`SAC::train`),
// commit bf76ba61fdc89837cbf259a6f554a1fcec238690.
// Three updates in a row, each through the backward of a helper: the actor's loss, then the
// temperature's, then the critic's. The entropy reused by the temperature loss is built from
// the actor's consumed outputs, but it is detached before that loss uses it; the critic's
// target mixes `alpha` and the entropy (both reach consumed steps) with frozen networks'
// outputs, and is detached before the critic's loss uses it. Silent.
use burn::module::AutodiffModule;
use burn::nn::loss::{MseLoss, Reduction};
use burn::optim::{GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

fn update_parameters<B: AutodiffBackend, M: AutodiffModule<B>>(
    loss: Tensor<B, 1>,
    module: M,
    optimizer: &mut impl Optimizer<M, B>,
) -> M {
    let grads = GradientsParams::from_grads(loss.backward(), &module);
    optimizer.step(3e-4, module, grads)
}

pub struct Nets<A, C, T> {
    pub actor: A,
    pub critic: C,
    pub critic_target: C,
    pub temperature: T,
}

pub fn train<B: AutodiffBackend, A: Policy<B>, C: QFunction<B>, T: Temperature<B>>(
    mut nets: Nets<A, C, T>,
    states: Tensor<B, 2>,
    next_states: Tensor<B, 2>,
    rewards: Tensor<B, 2>,
    optim_a: &mut impl Optimizer<A, B>,
    optim_c: &mut impl Optimizer<C, B>,
    optim_t: &mut impl Optimizer<T, B>,
) -> Nets<A, C, T> {
    let action_prob = nets.actor.forward(states.clone());
    let log_prob = action_prob.clone().clamp_min(1e-8).log();
    let q = nets.critic.forward(states.clone());
    let log_alpha = nets.temperature.forward();
    let alpha = log_alpha.clone().exp();
    let actor_loss = (action_prob.clone() * (alpha.clone() * log_prob.clone() - q)).sum_dim(1).mean();
    nets.actor = update_parameters(actor_loss, nets.actor, optim_a);

    let entropy = (log_prob * action_prob).sum_dim(1);
    let temperature_loss = -(log_alpha * entropy.clone().add_scalar(4.0).detach()).mean();
    nets.temperature = update_parameters(temperature_loss, nets.temperature, optim_t);

    let next_prob = nets.actor.clone().no_grad().forward(next_states.clone());
    let q_next = nets.critic_target.clone().no_grad().forward(next_states);
    let soft_q_next = next_prob * (q_next - alpha * entropy);
    let q_target = rewards + soft_q_next.sum_dim(1).mul_scalar(0.99).detach();
    let q_now = nets.critic.forward(states);
    let critic_loss = MseLoss.forward(q_target, q_now, Reduction::Sum);
    nets.critic = update_parameters(critic_loss, nets.critic, optim_c);
    nets
}
