// An `Embed` trait the model implements; `embed()` reads only the model's parameter. The
// training function caches the embedding table before the loop: its `exp` is a tracked
// intermediate whose step the first backward consumes.
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
    let weights = table.embed(); //~ WARN loop-external-tracked
    for target in targets {
        let loss = (weights.clone() - target).powf_scalar(2.0).mean();
        let _grads = loss.backward();
    }
}
