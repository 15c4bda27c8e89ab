// The model is made with `ModelConfig::new().init::<B>(device)`, and another type of the crate
// has a method of the same name, `encode`: the model's type shows only in the turbofish. The
// encoding of the model's parameter is cached before the loop: the 2nd pass panics.
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
    let codes = codec.encode(); //~ WARN loop-external-tracked
    for x in batches {
        let loss = (x - codes.clone()).abs().mean();
        let _grads = loss.backward();
    }
}
