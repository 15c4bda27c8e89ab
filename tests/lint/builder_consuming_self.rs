// Builder-style methods that take `self` and return `Self`: `with_temperature` and
// `warm_start` configure the model, and `warm_start` caches logits computed from its
// parameter in a field. The loop reads the cached logits: the 2nd backward panics.
use burn::module::Param;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Classifier<B: Backend> {
    weight: Param<Tensor<B, 2>>,
    cached: Option<Tensor<B, 2>>,
    temperature: f64,
}

impl<B: Backend> Classifier<B> {
    pub fn with_temperature(mut self, temperature: f64) -> Self {
        self.temperature = temperature;
        self
    }

    pub fn warm_start(mut self) -> Self {
        self.cached = Some(self.weight.val().div_scalar(self.temperature)); //~ WARN loop-external-tracked
        self
    }
}

pub fn train<B: AutodiffBackend>(model: Classifier<B>, inputs: Vec<Tensor<B, 2>>) {
    let model = model.with_temperature(2.0).warm_start();
    for x in inputs {
        let logits = x.matmul(model.cached.clone().unwrap());
        let _grads = logits.mean().backward();
    }
}
