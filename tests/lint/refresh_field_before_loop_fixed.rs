// refresh_field_before_loop.rs with the cache refreshed in every pass.
use burn::module::Param;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Scorer<B: Backend> {
    weights: Param<Tensor<B, 2>>,
    normalised: Option<Tensor<B, 2>>,
}

impl<B: AutodiffBackend> Scorer<B> {
    fn refresh(&mut self) {
        let w = self.weights.val();
        self.normalised = Some(w.clone() / w.abs().sum());
    }

    pub fn fit(&mut self, batches: Vec<Tensor<B, 2>>) {
        for x in batches {
            self.refresh();
            let loss = x.matmul(self.normalised.clone().unwrap()).mean();
            let _grads = loss.backward();
        }
    }
}
