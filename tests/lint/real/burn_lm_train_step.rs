// Reduced from tracel-ai/burn-lm, crates/burn-lm-llama/src/nn/llama/training.rs (`TrainStep for
// Llama`), commit 8ca53bfefb48cf3ed4b0fceacffe5551bf3bf95c.
// A learner's train step: the model's own `forward` builds the output struct, the loss field
// is backpropagated, and the whole output (logits included) is handed on for the metrics,
// which only read it. The learner calls the step once per batch, each with a fresh forward.
// Silent.
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;
use burn::train::{TrainOutput, TrainStep};

pub struct LlamaOutput<B: Backend> {
    pub loss: Tensor<B, 1>,
    pub logits: Tensor<B, 2>,
    pub targets: Tensor<B, 1, Int>,
}

impl<B: AutodiffBackend> Llama<B> {
    pub fn forward_loss(&self, tokens: Tensor<B, 2, Int>, targets: Tensor<B, 2, Int>) -> LlamaOutput<B> {
        let logits = self.forward(tokens).flatten::<2>(0, 1);
        let targets = targets.flatten::<1>(0, 1);
        let loss = self.loss.forward(logits.clone(), targets.clone());
        LlamaOutput { loss, logits, targets }
    }
}

impl<B: AutodiffBackend> TrainStep<LlamaInput<B>, LlamaOutput<B>> for Llama<B> {
    fn step(&self, item: LlamaInput<B>) -> TrainOutput<LlamaOutput<B>> {
        let output = self.forward_loss(item.tokens, item.targets);
        let grads = output.loss.backward();
        TrainOutput::new(self, grads, output)
    }
}

pub fn accuracy<B: Backend>(output: &LlamaOutput<B>) -> f32 {
    let predicted = output.logits.clone().argmax(1).flatten::<1>(0, 1);
    let correct = predicted.equal(output.targets.clone()).int().sum().into_scalar().elem::<f32>();
    correct / output.targets.dims()[0] as f32
}
