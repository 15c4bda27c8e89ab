// The shape of afgTheCat/r2l, crates/r2l-burn/src/learning_module.rs
// (`SplitPolicyValueModule::update`), commit 40f422180a030c3b5513b647ccdef101dd471522, given
// an actor-critic whose heads share a trunk: both losses now walk through `features`, and the
// split update backpropagates them one after the other: the value loss's backward panics. (The
// repository's joint module, which adds the losses and runs one backward, is the fix.)
use burn::optim::{GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub struct PolicyValueLosses<B: Backend> {
    pub policy_loss: Tensor<B, 1>,
    pub value_loss: Tensor<B, 1>,
}

pub struct SharedActorCritic<B: AutodiffBackend, O> {
    model: TrunkWithHeads<B>,
    optimizer: O,
}

impl<B: AutodiffBackend, O: Optimizer<TrunkWithHeads<B>, B>> SharedActorCritic<B, O> {
    pub fn losses(&self, observations: Tensor<B, 2>, advantages: Tensor<B, 1>, returns: Tensor<B, 1>) -> PolicyValueLosses<B> {
        let features = self.model.trunk.forward(observations); //~ WARN shared-intermediate
        let log_probs = self.model.policy_head.forward(features.clone()).squeeze(1);
        let values = self.model.value_head.forward(features).squeeze(1);
        PolicyValueLosses {
            policy_loss: -(log_probs * advantages).mean(),
            value_loss: (values - returns).powf_scalar(2.0).mean(),
        }
    }

    pub fn update(&mut self, losses: PolicyValueLosses<B>) {
        let grads = GradientsParams::from_grads(losses.policy_loss.backward(), &self.model);
        self.model = self.optimizer.step(3e-4, self.model.clone(), grads);
        let grads = GradientsParams::from_grads(losses.value_loss.backward(), &self.model);
        self.model = self.optimizer.step(3e-4, self.model.clone(), grads);
    }
}

pub fn learn<B: AutodiffBackend, O: Optimizer<TrunkWithHeads<B>, B>>(module: &mut SharedActorCritic<B, O>, rollouts: Vec<Rollout<B>>) {
    for rollout in rollouts {
        let losses = module.losses(rollout.observations, rollout.advantages, rollout.returns);
        module.update(losses);
    }
}
