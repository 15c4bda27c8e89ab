// Truncated backpropagation through time: the hidden state is carried across steps and
// backpropagated every `k` steps, then detached in the same branch. On the path that runs the
// backward the consumed state is let go of; on the other nothing was consumed. No finding.
use burn::nn::GruCell;
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn train<B: AutodiffBackend>(mut cell: GruCell<B>, xs: Vec<Tensor<B, 2>>, h0: Tensor<B, 2>, k: usize) {
    let mut optim = AdamConfig::new().init();
    let mut h = h0;
    for (t, x) in xs.into_iter().enumerate() {
        h = cell.forward(x, h);
        if (t + 1) % k == 0 {
            let loss = h.clone().powf_scalar(2.0).mean();
            let grads = GradientsParams::from_grads(loss.backward(), &cell);
            cell = optim.step(1e-3, cell, grads);
            h = h.detach();
        }
    }
}

/// The loss computed every step (for the log), backpropagated every `k` steps: once the
/// branch is left, nothing reads that step's loss again. No finding.
pub fn train_logging_every_step<B: AutodiffBackend>(mut cell: GruCell<B>, xs: Vec<Tensor<B, 2>>, h0: Tensor<B, 2>, k: usize) {
    let mut optim = AdamConfig::new().init();
    let mut h = h0;
    let mut running = 0.0;
    for (t, x) in xs.into_iter().enumerate() {
        h = cell.forward(x, h);
        let loss = h.clone().powf_scalar(2.0).mean();
        running += loss.clone().into_scalar().elem::<f32>();
        if (t + 1) % k == 0 {
            let grads = GradientsParams::from_grads(loss.backward(), &cell);
            cell = optim.step(1e-3, cell, grads);
            h = h.detach();
            println!("step {t}: running loss {running}");
        }
    }
}

/// The same loop with the detach forgotten: after the first window the next backward reaches
/// back into the window before.
pub fn train_forgetting_detach<B: AutodiffBackend>(mut cell: GruCell<B>, xs: Vec<Tensor<B, 2>>, h0: Tensor<B, 2>, k: usize) {
    let mut optim = AdamConfig::new().init();
    let mut h = h0;
    for (t, x) in xs.into_iter().enumerate() {
        h = cell.forward(x, h); //~ WARN loop-external-tracked
        if (t + 1) % k == 0 {
            let loss = h.clone().powf_scalar(2.0).mean();
            let grads = GradientsParams::from_grads(loss.backward(), &cell);
            cell = optim.step(1e-3, cell, grads);
        }
    }
}
