// Reduced from afgTheCat/r2l, crates/r2l-burn/src/learning_module.rs
// (`SplitPolicyValueModule::update`, `JointPolicyValueModule::update`), commit
// 40f422180a030c3b5513b647ccdef101dd471522.
// The policy and the value function are separate networks with an optimizer each: their two
// losses, handed over in one struct, share no tracked node (the observations are data), so
// two backwards one after the other are fine. The joint module adds them and runs one. Silent.
use burn::optim::adaptor::OptimizerAdaptor;
use burn::optim::{AdamW, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub struct PolicyValueLosses<B: Backend> {
    pub policy_loss: Tensor<B, 1>,
    pub value_loss: Tensor<B, 1>,
    pub vf_coeff: Option<f32>,
}

pub struct SplitPolicyValue<B: AutodiffBackend, P: Policy<B>> {
    policy: P,
    value_net: ValueNet<B>,
    policy_optimizer: OptimizerAdaptor<AdamW, P, B>,
    value_optimizer: OptimizerAdaptor<AdamW, ValueNet<B>, B>,
}

impl<B: AutodiffBackend, P: Policy<B>> SplitPolicyValue<B, P> {
    pub fn losses(&self, observations: Tensor<B, 2>, actions: Tensor<B, 2>, advantages: Tensor<B, 1>, returns: Tensor<B, 1>) -> PolicyValueLosses<B> {
        let log_probs = self.policy.log_probs(observations.clone(), actions);
        let values = self.value_net.forward(observations).squeeze(1);
        PolicyValueLosses {
            policy_loss: -(log_probs * advantages).mean(),
            value_loss: (values - returns).powf_scalar(2.0).mean(),
            vf_coeff: Some(0.5),
        }
    }

    pub fn update(&mut self, losses: PolicyValueLosses<B>) {
        let policy_grads = losses.policy_loss.backward();
        let policy_grads = GradientsParams::from_grads(policy_grads, &self.policy);
        self.policy = self.policy_optimizer.step(3e-4, self.policy.clone(), policy_grads);
        let value_loss = match losses.vf_coeff {
            Some(coeff) => losses.value_loss * coeff,
            None => losses.value_loss,
        };
        let value_grads = GradientsParams::from_grads(value_loss.backward(), &self.value_net);
        self.value_net = self.value_optimizer.step(1e-3, self.value_net.clone(), value_grads);
    }
}

pub fn learn<B: AutodiffBackend, P: Policy<B>>(module: &mut SplitPolicyValue<B, P>, rollouts: Vec<Rollout<B>>) {
    for rollout in rollouts {
        let losses = module.losses(rollout.observations, rollout.actions, rollout.advantages, rollout.returns);
        module.update(losses);
    }
}
