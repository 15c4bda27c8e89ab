// An encoder/decoder where the encoder's features are cached before the training loop "to save
// time", and the decoder is trained on them. The encoder's parameters require grad, so the
// features are a tracked intermediate: the first batch's backward consumes their steps.
use burn::nn::loss::CrossEntropyLossConfig;
use burn::nn::{Embedding, EmbeddingConfig, Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::activation::relu;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Encoder<B: Backend> {
    embedding: Embedding<B>,
    project: Linear<B>,
}

impl<B: Backend> Encoder<B> {
    pub fn forward(&self, tokens: Tensor<B, 2, Int>) -> Tensor<B, 3> {
        relu(self.project.forward(self.embedding.forward(tokens)))
    }
}

#[derive(Module, Debug)]
pub struct Decoder<B: Backend> {
    embedding: Embedding<B>,
    attend: Linear<B>,
    output: Linear<B>,
}

impl<B: Backend> Decoder<B> {
    pub fn forward(&self, tokens: Tensor<B, 2, Int>, memory: Tensor<B, 3>) -> Tensor<B, 3> {
        let queries = self.embedding.forward(tokens);
        let context = memory.mean_dim(1);
        self.output.forward(self.attend.forward(queries + context))
    }
}

pub struct CaptionBatch<B: Backend> {
    pub inputs: Tensor<B, 2, Int>,
    pub targets: Tensor<B, 1, Int>,
}

pub fn train_decoder<B: AutodiffBackend>(
    encoder: Encoder<B>,
    mut decoder: Decoder<B>,
    source: Tensor<B, 2, Int>,
    batches: Vec<CaptionBatch<B>>,
    device: &B::Device,
) -> Decoder<B> {
    let mut optim = AdamConfig::new().init();
    let loss_fn = CrossEntropyLossConfig::new().init(device);
    // The encoder is expensive: run it once for every batch.
    let memory = encoder.forward(source.clone()); //~ WARN loop-external-tracked
    for batch in batches {
        let logits = decoder.forward(batch.inputs, memory.clone());
        let [b, t, v] = logits.dims();
        let loss = loss_fn.forward(logits.reshape([b * t, v]), batch.targets);
        let grads = GradientsParams::from_grads(loss.backward(), &decoder);
        decoder = optim.step(1e-4, decoder, grads);
    }
    decoder
}

pub fn train_both<B: AutodiffBackend>(
    mut encoder: Encoder<B>,
    mut decoder: Decoder<B>,
    source: Tensor<B, 2, Int>,
    batches: Vec<CaptionBatch<B>>,
    device: &B::Device,
) {
    let mut optim_encoder = AdamConfig::new().init();
    let mut optim_decoder = AdamConfig::new().init();
    let loss_fn = CrossEntropyLossConfig::new().init(device);
    let memory = encoder.forward(source); //~ WARN loop-external-tracked
    let pooled = memory.clone().mean_dim(1);
    let mut step = 0;
    while step < batches.len() {
        let batch = &batches[step];
        let logits = decoder.forward(batch.inputs.clone(), memory.clone());
        let [b, t, v] = logits.dims();
        let loss = loss_fn.forward(logits.reshape([b * t, v]), batch.targets.clone());
        let grads = loss.backward();
        encoder = optim_encoder.step(1e-4, encoder, GradientsParams::from_grads(grads, &encoder));
        println!("step {step}: pooled norm {}", pooled.clone().powf_scalar(2.0).sum().into_scalar());
        step += 1;
    }
}
