// A character-level language model trained on a stream, its recurrent state kept in the
// trainer's field `self.hidden` from one call of `step` to the next and never detached: each
// step's graph reaches back into the previous step's, whose steps that step's backward consumed.
use burn::nn::loss::CrossEntropyLossConfig;
use burn::nn::{Embedding, EmbeddingConfig, Linear, LinearConfig};
use burn::optim::adaptor::OptimizerAdaptor;
use burn::optim::{Adam, AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct CharRnn<B: Backend> {
    embedding: Embedding<B>,
    input: Linear<B>,
    recurrent: Linear<B>,
    output: Linear<B>,
}

impl<B: Backend> CharRnn<B> {
    pub fn cell(&self, tokens: Tensor<B, 2, Int>, hidden: Tensor<B, 2>) -> Tensor<B, 2> {
        let x = self.embedding.forward(tokens).squeeze(1);
        (self.input.forward(x) + self.recurrent.forward(hidden)).tanh()
    }
}

pub struct Trainer<B: AutodiffBackend> {
    model: CharRnn<B>,
    optim: OptimizerAdaptor<Adam, CharRnn<B>, B>,
    hidden: Tensor<B, 2>,
}

impl<B: AutodiffBackend> Trainer<B> {
    pub fn new(model: CharRnn<B>, device: &B::Device) -> Self {
        Self { model, optim: AdamConfig::new().init(), hidden: Tensor::zeros([1, 128], device) }
    }

    fn step(&mut self, token: Tensor<B, 2, Int>, next: Tensor<B, 1, Int>) -> f32 {
        self.hidden = self.model.cell(token, self.hidden.clone()); //~ WARN loop-external-tracked
        let logits = self.model.output.forward(self.hidden.clone());
        let loss = CrossEntropyLossConfig::new().init(&logits.device()).forward(logits, next);
        let value = loss.clone().into_scalar().elem::<f32>();
        let grads = GradientsParams::from_grads(loss.backward(), &self.model);
        self.model = self.optim.step(1e-3, self.model.clone(), grads);
        value
    }

    pub fn train(&mut self, stream: Vec<(Tensor<B, 2, Int>, Tensor<B, 1, Int>)>) {
        for (position, (token, next)) in stream.into_iter().enumerate() {
            let loss = self.step(token, next);
            if position % 1000 == 0 {
                println!("{position}: {loss}");
            }
        }
    }
}
