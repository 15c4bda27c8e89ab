// An actor-critic whose `heads()` returns both heads, each made from one shared trunk of the
// model's parameters. Backpropagating the policy loss, then the value loss, walks the trunk
// twice: the second backward panics.
use burn::module::Param;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct ActorCritic<B: Backend> {
    trunk: Param<Tensor<B, 2>>,
    policy: Param<Tensor<B, 2>>,
    value: Param<Tensor<B, 2>>,
}

impl<B: Backend> ActorCritic<B> {
    pub fn heads(&self, states: Tensor<B, 2>) -> (Tensor<B, 2>, Tensor<B, 2>) {
        let hidden = states.matmul(self.trunk.val()).tanh();
        (hidden.clone().matmul(self.policy.val()), hidden.matmul(self.value.val()))
    }
}

pub fn update<B: AutodiffBackend>(model: ActorCritic<B>, states: Tensor<B, 2>) {
    let (logits, values) = model.heads(states); //~ WARN shared-intermediate
    let _policy_grads = logits.mean().neg().backward();
    let _value_grads = values.powf_scalar(2.0).mean().backward();
}
