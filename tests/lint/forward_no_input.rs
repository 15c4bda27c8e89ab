// A model whose `forward` takes no input: its output comes from its parameter alone. Called
// in the loop it is a new graph every pass; `pretrain` calls it once, before the loop.
use burn::module::Param;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Field<B: Backend> {
    w: Param<Tensor<B, 2>>,
}

impl<B: Backend> Field<B> {
    pub fn forward(&self) -> Tensor<B, 2> {
        self.w.val().mul_scalar(2.0)
    }
}

pub fn train<B: AutodiffBackend>(model: Field<B>, targets: Vec<Tensor<B, 2>>) {
    for target in targets {
        let out = model.forward();
        let loss = (out - target).powf_scalar(2.0).mean();
        let _grads = loss.backward();
    }
}

pub fn pretrain<B: AutodiffBackend>(model: Field<B>, targets: Vec<Tensor<B, 2>>) {
    let out = model.forward(); //~ WARN loop-external-tracked
    for target in targets {
        let loss = (out.clone() - target).powf_scalar(2.0).mean();
        let _grads = loss.backward();
    }
}
