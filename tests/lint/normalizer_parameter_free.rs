// The inputs standardised once, before the loop, by a normaliser with a `forward` of its own
// but no parameters: its output is computed from data only, so it is data every pass may
// reuse. No finding.
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

/// Standardises each feature to mean 0 and variance 1: no parameters, nothing to train.
#[derive(Clone, Debug)]
pub struct Standardize {
    eps: f64,
}

impl Standardize {
    pub fn forward<B: Backend>(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        let mean = x.clone().mean_dim(0);
        let var = x.clone().var(0);
        (x - mean) / (var + self.eps).sqrt()
    }
}

#[derive(Module, Debug)]
pub struct Regressor<B: Backend> {
    fc: Linear<B>,
}

impl<B: Backend> Regressor<B> {
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.fc.forward(x)
    }
}

pub fn fit<B: AutodiffBackend>(mut model: Regressor<B>, raw: Tensor<B, 2>, targets: Tensor<B, 2>) -> Regressor<B> {
    let mut optim = SgdConfig::new().init();
    let normalizer = Standardize { eps: 1e-5 };
    let inputs = normalizer.forward(raw);
    for epoch in 0..200 {
        let loss = (model.forward(inputs.clone()) - targets.clone()).powf_scalar(2.0).mean();
        if epoch % 50 == 0 {
            println!("epoch {epoch}: {}", loss.clone().into_scalar());
        }
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.01, model, grads);
    }
    model
}
