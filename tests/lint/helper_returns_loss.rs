// The loss is built by a helper from features the caller computed once, before the epochs: the
// helper passes the tracked features through into the loss, and the loop's backward consumes
// their steps on the first epoch.
use burn::nn::loss::CrossEntropyLossConfig;
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Classifier<B: Backend> {
    features: Linear<B>,
    output: Linear<B>,
}

impl<B: Backend> Classifier<B> {
    pub fn embed(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.features.forward(x).tanh()
    }
}

fn classification_loss<B: AutodiffBackend>(
    model: &Classifier<B>,
    embedded: Tensor<B, 2>,
    labels: Tensor<B, 1, Int>,
) -> Tensor<B, 1> {
    let logits = model.output.forward(embedded);
    CrossEntropyLossConfig::new().init(&logits.device()).forward(logits, labels)
}

pub fn train<B: AutodiffBackend>(mut model: Classifier<B>, x: Tensor<B, 2>, labels: Tensor<B, 1, Int>) {
    let mut optim = AdamConfig::new().init();
    let embedded = model.embed(x); //~ WARN loop-external-tracked
    for epoch in 0..20 {
        let loss = classification_loss(&model, embedded.clone(), labels.clone());
        println!("epoch {epoch}: {}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-3, model, grads);
    }
}
