// The shape of yunjhongwu/burn-rl-examples, burn-rl/src/agent/ppo/agent.rs (`PPO::train`),
// commit bf76ba61fdc89837cbf259a6f554a1fcec238690, without the reassignment that detaches the
// old policy: it is a tracked output of the forward made before the epochs, every minibatch's
// ratio divides by it, and the first minibatch's backward (inside the helper) consumes its
// steps: the second minibatch panics.
use burn::module::AutodiffModule;
use burn::optim::{GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub struct PpoOutput<B: Backend> {
    pub policies: Tensor<B, 2>,
    pub values: Tensor<B, 2>,
}

fn update_parameters<B: AutodiffBackend, M: AutodiffModule<B>>(
    loss: Tensor<B, 1>,
    module: M,
    optimizer: &mut impl Optimizer<M, B>,
) -> M {
    let grads = GradientsParams::from_grads(loss.backward(), &module);
    optimizer.step(3e-4, module, grads)
}

pub fn train<B: AutodiffBackend, M: AutodiffModule<B> + ActorCritic<B>>(
    mut policy_net: M,
    states: Tensor<B, 2>,
    actions: Tensor<B, 2, Int>,
    advantages: Tensor<B, 2>,
    optimizer: &mut impl Optimizer<M, B>,
    device: &B::Device,
) -> M {
    let PpoOutput { policies: old_policies, values: _ } = policy_net.forward(states.clone()); //~ WARN loop-external-tracked
    for _epoch in 0..4 {
        for batch in 0..8 {
            let index = Tensor::<B, 1, Int>::arange(batch * 32..(batch + 1) * 32, device);
            let old_batch = old_policies.clone().select(0, index.clone());
            let PpoOutput { policies, values: _ } = policy_net.forward(states.clone().select(0, index.clone()));
            let ratios = policies.div(old_batch).gather(1, actions.clone().select(0, index.clone()));
            let loss = -(ratios.clamp(0.8, 1.2) * advantages.clone().select(0, index)).sum();
            policy_net = update_parameters(loss, policy_net, optimizer);
        }
    }
    policy_net
}
