// The shape of yunjhongwu/burn-rl-examples, burn-rl/src/agent/sac/agent.rs (`SAC::train`),
// commit bf76ba61fdc89837cbf259a6f554a1fcec238690, with the detach of the entropy left out (the
// one call that keeps the repository's code from panicking): the temperature loss then walks
// back through `log_prob`, whose step the actor's backward, inside the helper, consumed.
use burn::module::AutodiffModule;
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

pub fn actor_and_temperature<B: AutodiffBackend, A: Policy<B>, T: Temperature<B>>(
    mut actor: A,
    mut temperature: T,
    states: Tensor<B, 2>,
    q_values: Tensor<B, 2>,
    optim_a: &mut impl Optimizer<A, B>,
    optim_t: &mut impl Optimizer<T, B>,
) -> (A, T) {
    let log_prob = actor.forward(states).clamp_min(1e-8).log(); //~ WARN shared-intermediate
    let log_alpha = temperature.forward();
    let weight = log_alpha.clone().exp().detach();
    let actor_loss = (log_prob.clone() * weight - q_values).sum_dim(1).mean();
    actor = update_parameters(actor_loss, actor, optim_a);

    let entropy = log_prob.sum_dim(1);
    let temperature_loss = -(log_alpha * entropy.add_scalar(4.0)).mean();
    temperature = update_parameters(temperature_loss, temperature, optim_t);
    (actor, temperature)
}
