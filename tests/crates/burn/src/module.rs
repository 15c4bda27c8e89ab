//! `Param`: a model's parameter, a leaf that requires grad, as `burn::module::Param`.

use burn_autodiff::backend::Backend;
use burn_autodiff::tensor::Tensor;

#[derive(Clone, Debug)]
pub struct Param<T> {
    value: T,
}

impl<B: Backend, const D: usize> Param<Tensor<B, D>> {
    /// The tensor as a parameter: it requires grad (same node id).
    pub fn from_tensor(value: Tensor<B, D>) -> Self {
        Self { value: value.require_grad() }
    }

    /// The parameter's tensor (a clone: the same node).
    pub fn val(&self) -> Tensor<B, D> {
        self.value.clone()
    }
}
