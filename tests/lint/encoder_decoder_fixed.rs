// `encoder_decoder_cached.rs` fixed three ways. No finding.
use burn::nn::loss::CrossEntropyLossConfig;
use burn::nn::{Embedding, Linear};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Encoder<B: Backend> {
    embedding: Embedding<B>,
    project: Linear<B>,
}

#[derive(Module, Debug)]
pub struct Decoder<B: Backend> {
    embedding: Embedding<B>,
    output: Linear<B>,
}

pub struct CaptionBatch<B: Backend> {
    pub inputs: Tensor<B, 2, Int>,
    pub targets: Tensor<B, 1, Int>,
}

/// A frozen encoder: its features need no gradient, so they are detached once.
pub fn train_detached<B: AutodiffBackend>(
    encoder: Encoder<B>,
    mut decoder: Decoder<B>,
    source: Tensor<B, 2, Int>,
    batches: Vec<CaptionBatch<B>>,
    device: &B::Device,
) {
    let mut optim = AdamConfig::new().init();
    let loss_fn = CrossEntropyLossConfig::new().init(device);
    let memory = encoder.forward(source).detach();
    for batch in batches {
        let logits = decoder.forward(batch.inputs, memory.clone());
        let loss = loss_fn.forward(logits.flatten(0, 1), batch.targets);
        let grads = GradientsParams::from_grads(loss.backward(), &decoder);
        decoder = optim.step(1e-4, decoder, grads);
    }
}

/// The encoder run on the inner backend (`valid()`): no graph at all, then back on autodiff.
pub fn train_on_inner<B: AutodiffBackend>(
    encoder: Encoder<B>,
    mut decoder: Decoder<B>,
    source: Tensor<B, 2, Int>,
    batches: Vec<CaptionBatch<B>>,
    device: &B::Device,
) {
    let mut optim = AdamConfig::new().init();
    let loss_fn = CrossEntropyLossConfig::new().init(device);
    let frozen = encoder.valid();
    let memory = Tensor::from_inner(frozen.forward(source.inner()));
    let frozen_too = encoder.clone().no_grad();
    let memory_too = frozen_too.forward(source.clone());
    for batch in batches {
        let logits = decoder.forward(batch.inputs, memory.clone() + memory_too.clone());
        let loss = loss_fn.forward(logits.flatten(0, 1), batch.targets);
        let grads = GradientsParams::from_grads(loss.backward(), &decoder);
        decoder = optim.step(1e-4, decoder, grads);
    }
}

/// Both trained: the encoder runs every step, inside the loop.
pub fn train_both<B: AutodiffBackend>(
    mut model: (Encoder<B>, Decoder<B>),
    source: Tensor<B, 2, Int>,
    batches: Vec<CaptionBatch<B>>,
    device: &B::Device,
) {
    let mut optim = AdamConfig::new().init();
    let loss_fn = CrossEntropyLossConfig::new().init(device);
    for batch in batches {
        let (encoder, decoder) = model;
        let memory = encoder.forward(source.clone());
        let logits = decoder.forward(batch.inputs, memory);
        let loss = loss_fn.forward(logits.flatten(0, 1), batch.targets);
        let grads = loss.backward();
        let encoder = optim.step(1e-4, encoder, GradientsParams::from_grads(grads, &encoder));
        model = (encoder, decoder);
    }
}
