// A recurrent model trained step by step on a stream, its hidden state carried from one step
// to the next and never detached: each step's backward consumes the previous state's steps,
// and the next step's graph reaches back into them.
use burn::nn::loss::{MseLoss, Reduction};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Cell<B: Backend> {
    input: Linear<B>,
    recurrent: Linear<B>,
    head: Linear<B>,
}

impl<B: Backend> Cell<B> {
    pub fn forward(&self, x: Tensor<B, 2>, hidden: Tensor<B, 2>) -> Tensor<B, 2> {
        (self.input.forward(x) + self.recurrent.forward(hidden)).tanh()
    }

    pub fn forward_step(&self, x: Tensor<B, 2>, hidden: Tensor<B, 2>) -> (Tensor<B, 2>, Tensor<B, 2>) {
        let next = self.forward(x, hidden);
        (self.head.forward(next.clone()), next)
    }
}

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
        hidden = cell.forward(item.inputs, hidden.clone()); //~ WARN loop-external-tracked
        let prediction = cell.head.forward(hidden.clone());
        let loss = MseLoss::new().forward(prediction, item.targets, Reduction::Mean);
        let grads = GradientsParams::from_grads(loss.backward(), &cell);
        cell = optim.step(1e-2, cell, grads);
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
    let mut step = 0;
    loop {
        let item = &stream[step];
        let (prediction, next) = cell.forward_step(item.inputs.clone(), state); //~ WARN loop-external-tracked
        let loss = MseLoss::new().forward(prediction, item.targets.clone(), Reduction::Mean);
        let grads = loss.backward();
        cell = optim.step(1e-2, cell, GradientsParams::from_grads(grads, &cell));
        state = next;
        step += 1;
        if step == stream.len() {
            break;
        }
    }
    cell
}

/// Truncated backpropagation through time, detaching every 10 steps: the 9 steps between
/// still backpropagate into the previous step's consumed state.
pub fn train_truncated<B: AutodiffBackend>(cell: Cell<B>, stream: Vec<StreamItem<B>>, device: &B::Device) {
    let mut hidden = Tensor::<B, 2>::zeros([1, 32], device);
    for (step, item) in stream.into_iter().enumerate() {
        if step % 10 == 0 {
            hidden = hidden.detach();
        }
        hidden = cell.forward(item.inputs, hidden); //~ WARN loop-external-tracked
        let loss = (cell.head.forward(hidden.clone()) - item.targets).powf_scalar(2.0).mean();
        let _grads = loss.backward();
    }
}
