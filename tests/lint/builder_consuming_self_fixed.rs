// builder_consuming_self.rs with the logits computed from the parameter in every pass; the
// builder methods only configure the model.
use burn::module::Param;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Classifier<B: Backend> {
    weight: Param<Tensor<B, 2>>,
    temperature: f64,
}

impl<B: Backend> Classifier<B> {
    pub fn with_temperature(mut self, temperature: f64) -> Self {
        self.temperature = temperature;
        self
    }

    pub fn logits(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        x.matmul(self.weight.val().div_scalar(self.temperature))
    }
}

pub fn train<B: AutodiffBackend>(model: Classifier<B>, inputs: Vec<Tensor<B, 2>>) {
    let model = model.with_temperature(2.0);
    for x in inputs {
        let logits = model.logits(x);
        let _grads = logits.mean().backward();
    }
}
