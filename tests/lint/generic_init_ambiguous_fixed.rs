// generic_init_ambiguous.rs with the encoding made in every pass.
use burn::module::Param;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Config, Debug)]
pub struct CodecConfig {
    size: usize,
}

#[derive(Module, Debug)]
pub struct Codec<B: Backend> {
    basis: Param<Tensor<B, 2>>,
}

impl CodecConfig {
    pub fn init<B: Backend>(&self, device: &B::Device) -> Codec<B> {
        Codec { basis: Param::from_tensor(Tensor::ones([self.size, self.size], device)) }
    }
}

impl<B: Backend> Codec<B> {
    pub fn encode(&self) -> Tensor<B, 2> {
        self.basis.val().sin()
    }
}

pub struct Tokenizer;

impl Tokenizer {
    pub fn encode(&self) -> Vec<u32> {
        vec![0, 1]
    }
}

pub fn train<B: AutodiffBackend>(device: &B::Device, batches: Vec<Tensor<B, 2>>) {
    let codec = CodecConfig::new(4).init::<B>(device);
    for x in batches {
        let codes = codec.encode();
        let loss = (x - codes).abs().mean();
        let _grads = loss.backward();
    }
}
