// Truncated backpropagation through time with the cut written as a helper, `cut`, and as a
// method of the state: the carried state is detached at the start of each pass, so each pass's
// backward stops there. The canonical fix: no finding.
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
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
}

/// Cuts the state from the graph of the passes before.
fn cut<B: Backend>(s: Tensor<B, 2>) -> Tensor<B, 2> {
    s.detach()
}

pub struct State<B: Backend> {
    hidden: Tensor<B, 2>,
}

impl<B: Backend> State<B> {
    pub fn detached(&self) -> Tensor<B, 2> {
        self.hidden.clone().detach()
    }
}

pub fn train<B: AutodiffBackend>(mut cell: Cell<B>, chunks: Vec<Vec<(Tensor<B, 2>, Tensor<B, 2>)>>, device: &B::Device) {
    let mut optim = AdamConfig::new().init();
    let mut hidden = Tensor::<B, 2>::zeros([1, 32], device);
    for chunk in chunks {
        hidden = cut(hidden);
        let mut loss = Tensor::<B, 1>::zeros([1], device);
        for (x, y) in chunk {
            hidden = cell.forward(x, hidden);
            loss = loss + (cell.head.forward(hidden.clone()) - y).powf_scalar(2.0).mean();
        }
        let grads = GradientsParams::from_grads(loss.backward(), &cell);
        cell = optim.step(1e-3, cell, grads);
    }
}

pub fn train_with_state<B: AutodiffBackend>(mut cell: Cell<B>, stream: Vec<(Tensor<B, 2>, Tensor<B, 2>)>, device: &B::Device) {
    let mut optim = AdamConfig::new().init();
    let mut state = State { hidden: Tensor::<B, 2>::zeros([1, 32], device) };
    for (x, y) in stream {
        let hidden = cell.forward(x, state.detached());
        let loss = (cell.head.forward(hidden.clone()) - y).powf_scalar(2.0).mean();
        let grads = GradientsParams::from_grads(loss.backward(), &cell);
        cell = optim.step(1e-3, cell, grads);
        state.hidden = hidden;
    }
}
