// A `&mut self` method caches the normalised weights in a field; `fit` refreshes the cache
// once, then loops: every pass reads the cache, whose step the first backward consumed.
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
        self.normalised = Some(w.clone() / w.abs().sum()); //~ WARN loop-external-tracked
    }

    pub fn fit(&mut self, batches: Vec<Tensor<B, 2>>) {
        self.refresh();
        for x in batches {
            let loss = x.matmul(self.normalised.clone().unwrap()).mean();
            let _grads = loss.backward();
        }
    }
}
