// Reduced from ten2mushi/burn_distributed_rl, distributed_rl/src/runners/sac_strategies/feed_forward.rs
// (the critic and actor updates), commit d8f0f610e6d6a71c0d214642f97a245836631a8a.
// The critic's backward runs first; the actor's loss is then built from a new forward of the
// updated critic. The actor's loss and the term the temperature needs come out of an `if` as
// a tuple, from the arm of the action space; after the actor's backward the second is only
// read as a number, which needs no step. Silent.
use burn::optim::{GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

fn tensor_to_scalar<B: Backend>(tensor: &Tensor<B, 1>) -> f32 {
    tensor.clone().into_data().as_slice::<f32>().unwrap()[0]
}

pub fn gradient_step<B: AutodiffBackend, A: Actor<B>, C: Critic<B>>(
    mut actor: A,
    mut critic: C,
    optim_a: &mut impl Optimizer<A, B>,
    optim_c: &mut impl Optimizer<C, B>,
    states: Tensor<B, 2>,
    td_targets: Tensor<B, 1>,
    is_discrete: bool,
    alpha: f32,
    device: &B::Device,
) -> (A, C, f32) {
    let (q1, q2) = critic.forward(states.clone());
    let critic_loss = (q1.flatten::<1>(0, 1) - td_targets.clone()).powf_scalar(2.0).mean()
        + (q2.flatten::<1>(0, 1) - td_targets).powf_scalar(2.0).mean();
    let critic_grads = GradientsParams::from_grads(critic_loss.backward(), &critic);
    critic = optim_c.step(3e-4, critic, critic_grads);

    let actor_output = actor.forward(states.clone());
    let (actor_loss, temperature_term) = if is_discrete {
        let (q1, q2) = critic.forward(states.clone());
        let min_q = q1.min_pair(q2);
        let probs = actor_output.probs.clone();
        let log_probs = actor_output.log_probs.clone();
        let loss = (probs.clone() * (log_probs.clone().mul_scalar(alpha) - min_q)).sum_dim(1).mean().flatten::<1>(0, 1);
        let mean_entropy = -(probs * log_probs).sum_dim(1).mean().flatten::<1>(0, 1);
        (loss, -mean_entropy)
    } else {
        let (actions, log_probs) = actor_output.sample(device);
        let (q1, q2) = critic.forward_with_actions(states, actions);
        let loss = (log_probs.clone().mul_scalar(alpha) - q1.min_pair(q2).flatten::<1>(0, 1)).mean();
        (loss, log_probs.mean())
    };
    let actor_grads = GradientsParams::from_grads(actor_loss.backward(), &actor);
    actor = optim_a.step(3e-4, actor, actor_grads);
    let for_alpha = tensor_to_scalar(&temperature_term);
    (actor, critic, for_alpha)
}
