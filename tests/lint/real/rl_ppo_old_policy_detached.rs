// Reduced from yunjhongwu/burn-rl-examples, burn-rl/src/agent/ppo/agent.rs (`PPO::train`,
// `get_gae`), commit bf76ba61fdc89837cbf259a6f554a1fcec238690.
// The old policy's outputs are computed once, before the epochs, by a struct pattern that
// renames its fields, and detached by reassignment before any pass uses them. The advantages
// come from a helper that reads the values into plain floats and builds new tensors from them:
// data, even when given a tracked tensor. Each minibatch's loss goes through the backward of
// a helper. Silent.
use burn::module::AutodiffModule;
use burn::nn::loss::{MseLoss, Reduction};
use burn::optim::{GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub struct PpoOutput<B: Backend> {
    pub policies: Tensor<B, 2>,
    pub values: Tensor<B, 2>,
}

pub struct Advantages<B: Backend> {
    pub returns: Tensor<B, 2>,
    pub advantages: Tensor<B, 2>,
}

fn update_parameters<B: AutodiffBackend, M: AutodiffModule<B>>(
    loss: Tensor<B, 1>,
    module: M,
    optimizer: &mut impl Optimizer<M, B>,
) -> M {
    let grads = GradientsParams::from_grads(loss.backward(), &module);
    optimizer.step(3e-4, module, grads)
}

fn generalized_advantages<B: Backend>(values: Tensor<B, 2>, rewards: &[f32], device: &B::Device) -> Option<Advantages<B>> {
    let values: Vec<f32> = values.into_data().to_vec().ok()?;
    let mut returns = vec![0.0; rewards.len()];
    let mut advantages = vec![0.0; rewards.len()];
    let mut running = 0.0;
    for i in (0..rewards.len()).rev() {
        running = rewards[i] + 0.99 * running;
        returns[i] = running;
        advantages[i] = running - values[i];
    }
    let n = rewards.len();
    Some(Advantages {
        returns: Tensor::<B, 1>::from_floats(returns.as_slice(), device).reshape([n, 1]),
        advantages: Tensor::<B, 1>::from_floats(advantages.as_slice(), device).reshape([n, 1]),
    })
}

pub fn train<B: AutodiffBackend, M: AutodiffModule<B> + ActorCritic<B>>(
    mut policy_net: M,
    states: Tensor<B, 2>,
    actions: Tensor<B, 2, Int>,
    rewards: &[f32],
    optimizer: &mut impl Optimizer<M, B>,
    device: &B::Device,
) -> M {
    let PpoOutput { policies: mut old_policies, values: mut old_values } = policy_net.forward(states.clone());
    old_policies = old_policies.detach();
    old_values = old_values.detach();
    if let Some(Advantages { returns, advantages }) = generalized_advantages(old_values, rewards, device) {
        for _epoch in 0..4 {
            for batch in 0..8 {
                let index = Tensor::<B, 1, Int>::arange(batch * 32..(batch + 1) * 32, device);
                let old_batch = old_policies.clone().select(0, index.clone());
                let advantage_batch = advantages.clone().select(0, index.clone());
                let return_batch = returns.clone().select(0, index.clone());
                let PpoOutput { policies, values } = policy_net.forward(states.clone().select(0, index.clone()));
                let ratios = policies.clone().div(old_batch).gather(1, actions.clone().select(0, index));
                let clipped = ratios.clone().clamp(0.8, 1.2);
                let actor_loss = -(ratios * advantage_batch.clone()).min_pair(clipped * advantage_batch).sum();
                let critic_loss = MseLoss.forward(return_batch, values, Reduction::Sum);
                let entropy = -(policies.clone().log() * policies).sum_dim(1).mean();
                let loss = actor_loss + critic_loss.mul_scalar(0.5) + entropy.mul_scalar(0.01);
                policy_net = update_parameters(loss, policy_net, optimizer);
            }
        }
    }
    policy_net
}

/// The same advantages from values that were not detached: the helper reads them into floats,
/// so what it returns is data, and a loop reusing it is fine.
pub fn advantages_from_tracked_values<B: AutodiffBackend, M: AutodiffModule<B> + ActorCritic<B>>(
    mut policy_net: M,
    states: Tensor<B, 2>,
    rewards: &[f32],
    optimizer: &mut impl Optimizer<M, B>,
    device: &B::Device,
) -> M {
    let PpoOutput { policies: _, values } = policy_net.forward(states.clone());
    let Some(Advantages { returns, advantages }) = generalized_advantages(values, rewards, device) else {
        return policy_net;
    };
    for _epoch in 0..4 {
        let PpoOutput { policies, values } = policy_net.forward(states.clone());
        let loss = (policies.sum_dim(1) * advantages.clone()).mean() + MseLoss.forward(returns.clone(), values, Reduction::Mean);
        policy_net = update_parameters(loss, policy_net, optimizer);
    }
    policy_net
}
