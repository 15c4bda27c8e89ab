// trait_method_params.rs with the table embedded in every pass.
use burn::module::Param;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub trait Embed<B: Backend> {
    fn embed(&self) -> Tensor<B, 2>;
}

#[derive(Module, Debug)]
pub struct Table<B: Backend> {
    log_weights: Param<Tensor<B, 2>>,
}

impl<B: Backend> Embed<B> for Table<B> {
    fn embed(&self) -> Tensor<B, 2> {
        self.log_weights.val().exp()
    }
}

pub fn train<B: AutodiffBackend>(table: Table<B>, targets: Vec<Tensor<B, 2>>) {
    for target in targets {
        let weights = table.embed();
        let loss = (weights - target).powf_scalar(2.0).mean();
        let _grads = loss.backward();
    }
}
