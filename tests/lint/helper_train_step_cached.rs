// A linear probe trained on a backbone's embeddings, the embeddings computed once before the
// loop and handed to `train_step` by clone each pass. The backward inside `train_step` walks
// into the backbone's graph under `feats`; the first pass consumes it, the second panics.
use burn::nn::loss::{MseLoss, Reduction};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Backbone<B: Backend> {
    embed: Linear<B>,
}

impl<B: Backend> Backbone<B> {
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.embed.forward(x).tanh()
    }
}

#[derive(Module, Debug)]
pub struct Probe<B: Backend> {
    linear: Linear<B>,
}

impl<B: Backend> Probe<B> {
    pub fn init(device: &B::Device) -> Self {
        Self { linear: LinearConfig::new(128, 1).init(device) }
    }

    pub fn forward(&self, feats: Tensor<B, 2>) -> Tensor<B, 2> {
        self.linear.forward(feats)
    }
}

fn train_step<B: AutodiffBackend>(head: Probe<B>, feats: Tensor<B, 2>, targets: Tensor<B, 2>) -> Probe<B> {
    let mut optim = SgdConfig::new().init();
    let loss = MseLoss::new().forward(head.forward(feats), targets, Reduction::Mean);
    let grads = GradientsParams::from_grads(loss.backward(), &head);
    optim.step(0.05, head, grads)
}

pub fn probe<B: AutodiffBackend>(backbone: Backbone<B>, x: Tensor<B, 2>, y: Tensor<B, 2>) -> Probe<B> {
    let mut head = Probe::init(&x.device());
    let feats = backbone.forward(x); //~ WARN loop-external-tracked
    for _ in 0..100 {
        head = train_step(head, feats.clone(), y.clone());
    }
    head
}
