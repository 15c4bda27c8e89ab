//! The model: an embedding followed by a regression head.
use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Regressor<B: Backend> {
    pub embed: Linear<B>,
    pub head: Linear<B>,
}

impl<B: Backend> Regressor<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { embed: LinearConfig::new(16, 32).init(device), head: LinearConfig::new(32, 1).init(device) }
    }

    pub fn embed(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.embed.forward(x).tanh()
    }
}
