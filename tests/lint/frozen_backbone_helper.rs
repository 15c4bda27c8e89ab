// Transfer learning with a frozen backbone: a method extracts features and detaches them, so
// the features computed once, before the epochs, are data. Only the head is trained. No
// finding.
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::{prelude::*, tensor::activation};
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Pretrained<B: Backend> {
    blocks: Vec<Linear<B>>,
}

impl<B: Backend> Pretrained<B> {
    /// Features for a head to train on: cut from the backbone's graph, which stays frozen.
    pub fn features(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        let mut h = x;
        for block in &self.blocks {
            h = activation::relu(block.forward(h));
        }
        h.detach()
    }
}

pub fn train_head<B: AutodiffBackend>(backbone: Pretrained<B>, mut head: Linear<B>, x: Tensor<B, 2>, y: Tensor<B, 2>) -> Linear<B> {
    let mut optim = AdamConfig::new().init();
    let features = backbone.features(x);
    for _ in 0..50 {
        let loss = (head.forward(features.clone()) - y.clone()).powf_scalar(2.0).mean();
        let grads = GradientsParams::from_grads(loss.backward(), &head);
        head = optim.step(1e-3, head, grads);
    }
    head
}
