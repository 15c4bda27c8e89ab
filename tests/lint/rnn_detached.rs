// `rnn_carried.rs` fixed: the state is detached at the end of each pass (or on its way into
// the next step), so every backward stops at the pass boundary. No finding.
use burn::nn::loss::{MseLoss, Reduction};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub struct StreamItem<B: Backend> {
    pub inputs: Tensor<B, 2>,
    pub targets: Tensor<B, 2>,
}

pub fn train_stream<B: AutodiffBackend>(
    mut cell: Cell<B>,
    stream: Vec<StreamItem<B>>,
    device: &B::Device,
) -> Cell<B> {
    let mut optim = SgdConfig::new().init();
    let mut hidden = Tensor::<B, 2>::zeros([1, 32], device);
    for item in stream {
        hidden = cell.forward(item.inputs, hidden.clone());
        let prediction = cell.head.forward(hidden.clone());
        let loss = MseLoss::new().forward(prediction, item.targets, Reduction::Mean);
        let grads = GradientsParams::from_grads(loss.backward(), &cell);
        cell = optim.step(1e-2, cell, grads);
        hidden = hidden.detach();
    }
    cell
}

pub fn train_stream_pairs<B: AutodiffBackend>(
    mut cell: Cell<B>,
    stream: Vec<StreamItem<B>>,
    device: &B::Device,
) -> Cell<B> {
    let mut optim = SgdConfig::new().init();
    let mut state = Tensor::<B, 2>::zeros([1, 32], device);
    for item in stream.iter() {
        let (prediction, next) = cell.forward_step(item.inputs.clone(), state.detach());
        let loss = MseLoss::new().forward(prediction, item.targets.clone(), Reduction::Mean);
        let grads = loss.backward();
        cell = optim.step(1e-2, cell, GradientsParams::from_grads(grads, &cell));
        state = next;
    }
    cell
}

/// Backpropagation through a whole sequence: one backward after the loop, no finding.
pub fn train_sequence<B: AutodiffBackend>(cell: Cell<B>, sequence: Vec<StreamItem<B>>, device: &B::Device) {
    let mut hidden = Tensor::<B, 2>::zeros([1, 32], device);
    let mut total = Tensor::<B, 1>::zeros([1], device);
    for item in sequence {
        hidden = cell.forward(item.inputs, hidden);
        total = total + (cell.head.forward(hidden.clone()) - item.targets).powf_scalar(2.0).mean();
    }
    let _grads = total.backward();
}
