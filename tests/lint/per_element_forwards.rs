// Gradient accumulation over micro-batches: each element of the `Vec` of losses comes from a
// forward of its own, so the losses share only the parameters (leaves, which have no step to
// lose). Backpropagating them one by one in a `for` loop is fine: no finding.
use burn::nn::loss::{MseLoss, Reduction};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsAccumulator, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Regressor<B: Backend> {
    fc: Linear<B>,
}

impl<B: Backend> Regressor<B> {
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.fc.forward(x)
    }
}

pub fn accumulate<B: AutodiffBackend>(model: Regressor<B>, micro_batches: Vec<(Tensor<B, 2>, Tensor<B, 2>)>) -> Regressor<B> {
    let mut optim = AdamConfig::new().init();
    let mut accumulator = GradientsAccumulator::new();
    let losses: Vec<Tensor<B, 1>> = micro_batches
        .iter()
        .map(|(x, y)| MseLoss::new().forward(model.forward(x.clone()), y.clone(), Reduction::Mean))
        .collect();
    for loss in losses {
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        accumulator.accumulate(&model, grads);
    }
    optim.step(1e-3, model, accumulator.grads())
}

pub fn per_example<B: AutodiffBackend>(model: Regressor<B>, examples: Vec<(Tensor<B, 2>, Tensor<B, 2>)>) {
    for (x, y) in examples {
        let loss = (model.forward(x) - y).abs().mean();
        let grads = loss.backward();
        println!("{:?}", model.fc.weight.grad(&grads).map(|g| g.into_data()));
    }
}
