//! Truncated backpropagation through time: a sequence of four steps in chunks of two, the
//! chunk's step losses summed and backpropagated once, the hidden state passed on through a
//! helper that detaches it. No panic.
//!
//! Node ids for the record: cell.wx 0, cell.wh 1, hidden 2 (`zeros`); chunk 0: per step x,
//! two matmuls, add, tanh, target, sub, square, mean (3-11, 12-20), the chunk's sum 21; the
//! optimizer's new wx 22, wh 23; `detach_state` 24 is chunk 1's starting state.

use burn::backend::{Autodiff, NdArray};
use burn::module::Param;
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Cell<B: Backend> {
    wx: Param<Tensor<B, 2>>,
    wh: Param<Tensor<B, 2>>,
}

impl<B: Backend> Cell<B> {
    pub fn forward(&self, x: Tensor<B, 2>, hidden: Tensor<B, 2>) -> Tensor<B, 2> {
        (x.matmul(self.wx.val()) + hidden.matmul(self.wh.val())).tanh()
    }
}

/// Keep the state's value for the next chunk; its history stays with this one.
fn detach_state<B: Backend>(hidden: Tensor<B, 2>) -> Tensor<B, 2> {
    hidden.detach()
}

fn main() {
    let device = Default::default();
    let mut cell: Cell<B> = Cell {
        wx: Param::from_tensor(Tensor::from_floats([[0.5, -0.5]], &device)),
        wh: Param::from_tensor(Tensor::from_floats([[0.5, 0.25], [-0.25, 0.5]], &device)),
    };
    let inputs = [1.0, 0.5, -1.0, 0.25];
    let targets = [[0.5, -0.25], [0.25, 0.0], [-0.5, 0.5], [0.0, 0.25]];
    let mut optim = SgdConfig::new().init();
    let mut hidden = Tensor::<B, 2>::zeros([1, 2], &device);

    for chunk in 0..2 {
        let mut losses = Vec::new();
        for t in chunk * 2..chunk * 2 + 2 {
            let x = Tensor::<B, 2>::from_floats([[inputs[t]]], &device);
            hidden = cell.forward(x, hidden);
            let target = Tensor::<B, 2>::from_floats([targets[t]], &device);
            losses.push((hidden.clone() - target).square().mean());
        }
        let loss = losses.into_iter().reduce(|a, b| a + b).unwrap();
        println!("chunk {chunk}: loss = {}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &cell);
        cell = optim.step(0.1, cell, grads);
        hidden = detach_state(hidden);
    }
    println!("wh = {:?}", cell.wh.val().into_data().to_vec::<f32>().unwrap());
}
