use burn::nn::{Linear, LinearConfig};
use burn::tensor::{activation, backend::AutodiffBackend};
use burn::tensor::Tensor;

pub struct Model<B: AutodiffBackend> {
    encoder: Linear<B>,
    head: Linear<B>,
}

impl<B: AutodiffBackend> Model<B> {
    pub fn new(device: &B::Device) -> Self {
        Self {
            encoder: LinearConfig::new(4, 8).init(device),
            head: LinearConfig::new(8, 1).init(device),
        }
    }

    /// The features of `x`: tracked, the encoder's parameters require grad.
    pub fn encode(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        activation::relu(self.encoder.forward(x))
    }

    pub fn predict(&self, features: Tensor<B, 2>) -> Tensor<B, 2> {
        self.head.forward(features)
    }
}
