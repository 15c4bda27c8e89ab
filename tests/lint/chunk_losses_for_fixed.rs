// Fixed: the chunk losses of one forward are added and backpropagated once; the sum's gradient
// is what accumulating the chunks' gradients meant to compute.
use burn::nn::loss::{MseLoss, Reduction};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Denoiser<B: Backend> {
    input: Linear<B>,
    output: Linear<B>,
}

impl<B: Backend> Denoiser<B> {
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.output.forward(self.input.forward(x).gelu())
    }
}

pub fn train_step<B: AutodiffBackend>(model: Denoiser<B>, noisy: Tensor<B, 2>, clean: Tensor<B, 2>) -> Denoiser<B> {
    let mut optim = AdamConfig::new().init();
    let targets = clean.chunk(8, 0);
    let losses: Vec<Tensor<B, 1>> = model
        .forward(noisy)
        .chunk(8, 0)
        .into_iter()
        .zip(targets)
        .map(|(piece, target)| MseLoss::new().forward(piece, target, Reduction::Mean))
        .collect();
    let total = Tensor::cat(losses, 0).sum();
    let grads = GradientsParams::from_grads(total.backward(), &model);
    optim.step(1e-3, model, grads)
}
