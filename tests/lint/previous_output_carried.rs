// A consistency term against the previous batch's output, kept in an `Option` without detach:
// the next pass's backward walks into the previous pass's forward, whose steps are consumed.
// The finding is named after `prev_out`, which carries it across the pass boundary.
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn train<B: AutodiffBackend>(mut model: Model<B>, loader: Loader<B>) {
    let mut optim = AdamConfig::new().init();
    let mut prev_out: Option<Tensor<B, 2>> = None;
    for batch in loader.iter() {
        let out = model.forward(batch.x); //~ WARN loop-external-tracked
        let mut loss = out.clone().mean();
        if let Some(p) = prev_out {
            loss = loss + (out.clone() - p).abs().mean() * 0.1;
        }
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-3, model, grads);
        prev_out = Some(out);
    }
}

/// Fixed: what is kept for the next pass is detached.
pub fn train_detached<B: AutodiffBackend>(mut model: Model<B>, loader: Loader<B>) {
    let mut optim = AdamConfig::new().init();
    let mut prev_out: Option<Tensor<B, 2>> = None;
    for batch in loader.iter() {
        let out = model.forward(batch.x);
        let mut loss = out.clone().mean();
        if let Some(p) = prev_out {
            loss = loss + (out.clone() - p).abs().mean() * 0.1;
        }
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-3, model, grads);
        prev_out = Some(out.detach());
    }
}
