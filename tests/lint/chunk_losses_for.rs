// A long sequence scored in one forward, then split into chunks whose losses are
// backpropagated one by one in a `for` loop "to save memory": every chunk's loss is built on
// the one forward's output, and the first chunk's backward consumes it.
use burn::nn::loss::{MseLoss, Reduction};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsAccumulator, GradientsParams, Optimizer, AdamConfig};
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
    let mut accumulator = GradientsAccumulator::new();
    let targets = clean.chunk(8, 0);
    let losses: Vec<Tensor<B, 1>> = model //~ WARN shared-intermediate
        .forward(noisy)
        .chunk(8, 0)
        .into_iter()
        .zip(targets)
        .map(|(piece, target)| MseLoss::new().forward(piece, target, Reduction::Mean))
        .collect();
    for loss in losses {
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        accumulator.accumulate(&model, grads);
    }
    optim.step(1e-3, model, accumulator.grads())
}
