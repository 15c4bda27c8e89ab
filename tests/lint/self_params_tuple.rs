// A VAE's learned prior: `prior()` returns its mean and log-variance from the model's own
// parameters, no input. Computed once before the epochs, its tensors are the same in every
// pass: the first backward consumes their steps, the second pass's panics.
use burn::module::Param;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Prior<B: Backend> {
    mu: Param<Tensor<B, 2>>,
    log_sigma: Param<Tensor<B, 2>>,
}

impl<B: Backend> Prior<B> {
    pub fn prior(&self) -> (Tensor<B, 2>, Tensor<B, 2>) {
        let mean = self.mu.val().tanh();
        let log_var = self.log_sigma.val().mul_scalar(2.0);
        (mean, log_var)
    }
}

pub fn fit<B: AutodiffBackend>(model: Prior<B>, codes: Vec<Tensor<B, 2>>) {
    let (mean, log_var) = model.prior(); //~ WARN loop-external-tracked
    for z in codes {
        let kl = (log_var.clone().exp() + (z - mean.clone()).powf_scalar(2.0) - log_var.clone())
            .mean();
        let _grads = kl.backward();
    }
}
