// Fixed: the encoder is frozen, so its features are detached once, before the loop: data that
// every epoch may reuse. The helper that runs the backward is unchanged.
use burn::nn::loss::CrossEntropyLossConfig;
use burn::nn::{Linear, LinearConfig, Relu};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Encoder<B: Backend> {
    fc1: Linear<B>,
    fc2: Linear<B>,
    activation: Relu,
}

impl<B: Backend> Encoder<B> {
    pub fn new(device: &B::Device) -> Self {
        Self {
            fc1: LinearConfig::new(784, 256).init(device),
            fc2: LinearConfig::new(256, 64).init(device),
            activation: Relu::new(),
        }
    }

    pub fn forward(&self, images: Tensor<B, 2>) -> Tensor<B, 2> {
        let x = self.activation.forward(self.fc1.forward(images));
        self.fc2.forward(x)
    }
}

#[derive(Module, Debug)]
pub struct Head<B: Backend> {
    output: Linear<B>,
}

impl<B: Backend> Head<B> {
    pub fn forward(&self, features: Tensor<B, 2>) -> Tensor<B, 2> {
        self.output.forward(features)
    }
}

fn update_parameters<B: AutodiffBackend, O: Optimizer<Head<B>, B>>(
    loss: Tensor<B, 1>,
    head: Head<B>,
    optim: &mut O,
    lr: f64,
) -> Head<B> {
    let grads = loss.backward();
    let grads = GradientsParams::from_grads(grads, &head);
    optim.step(lr, head, grads)
}

pub fn fine_tune<B: AutodiffBackend>(
    encoder: Encoder<B>,
    mut head: Head<B>,
    images: Tensor<B, 2>,
    labels: Tensor<B, 1, Int>,
    epochs: usize,
) -> Head<B> {
    let device = images.device();
    let mut optim = AdamConfig::new().init();
    let loss_fn = CrossEntropyLossConfig::new().init(&device);
    let features = encoder.forward(images).detach();
    for epoch in 0..epochs {
        let logits = head.forward(features.clone());
        let loss = loss_fn.forward(logits, labels.clone());
        println!("epoch {epoch}: loss {}", loss.clone().into_scalar());
        head = update_parameters(loss, head, &mut optim, 1e-3);
    }
    head
}
