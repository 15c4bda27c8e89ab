// Backward twice on one loss through a clone kept "for logging", and a second backward to
// "get the gradients again" for a second optimizer.
use burn::optim::{AdamConfig, GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn step<B: AutodiffBackend>(mut model: Model<B>, x: Tensor<B, 2>, y: Tensor<B, 2>) -> Model<B> {
    let mut adam = AdamConfig::new().init();
    let mut sgd = SgdConfig::new().init();
    let loss = (model.forward(x) - y).powf_scalar(2.0).mean();
    let for_logging = loss.clone();
    let grads = GradientsParams::from_grads(loss.backward(), &model);
    model = adam.step(1e-3, model, grads);
    let grads = GradientsParams::from_grads(for_logging.backward(), &model); //~ WARN double-backward
    sgd.step(1e-3, model, grads)
}

/// Logging the value is fine: `into_scalar()` reads it without a backward.
pub fn step_logged<B: AutodiffBackend>(mut model: Model<B>, x: Tensor<B, 2>, y: Tensor<B, 2>) -> Model<B> {
    let mut adam = AdamConfig::new().init();
    let loss = (model.forward(x) - y).powf_scalar(2.0).mean();
    let for_logging = loss.clone();
    let grads = GradientsParams::from_grads(loss.backward(), &model);
    println!("loss {}", for_logging.into_scalar());
    adam.step(1e-3, model, grads)
}
