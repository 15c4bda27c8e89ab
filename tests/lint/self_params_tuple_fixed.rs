// The learned prior of self_params_tuple.rs, read from the parameters in every pass: each
// backward walks a graph of its own (the parameters are leaves, reusable by every pass).
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
    for z in codes {
        let (mean, log_var) = model.prior();
        let kl = (log_var.clone().exp() + (z - mean).powf_scalar(2.0) - log_var).mean();
        let _grads = kl.backward();
    }
}
