// An LSTM trained chunk by chunk with its state carried in an `Option` and never detached:
// each chunk's graph reaches back into the chunk before, whose steps its backward consumed.
use burn::nn::Lstm;
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn stateful<B: AutodiffBackend>(mut lstm: Lstm<B>, chunks: Vec<Tensor<B, 3>>) {
    let mut optim = AdamConfig::new().init();
    let mut state = None;
    for chunk in chunks {
        let (out, new_state) = lstm.forward(chunk.clone(), state); //~ WARN loop-external-tracked
        let loss = (out - chunk).abs().mean();
        let grads = GradientsParams::from_grads(loss.backward(), &lstm);
        lstm = optim.step(1e-3, lstm, grads);
        state = Some(new_state);
    }
}
