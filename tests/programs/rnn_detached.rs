//! The same RNN-like loop with the carried state cut from the graph each step: truncated
//! backpropagation through one step, the usual fix. No panic.
//!
//! Node ids: cell.wx 0, cell.wh 1, hidden 2 (zeros). Each step: x, two matmuls, add, tanh,
//! target, sub, square, mean, then the optimizer's new wx and wh, then `detach` of the hidden
//! state (a new, untracked node): 3..13 in step 0, so step 1's hidden is NodeId(13).

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

fn main() {
    let device = Default::default();
    let mut cell: Cell<B> = Cell {
        wx: Param::from_tensor(Tensor::from_floats([[0.5, -0.5]], &device)),
        wh: Param::from_tensor(Tensor::from_floats([[0.5, 0.25], [-0.25, 0.5]], &device)),
    };
    let inputs = [1.0, 0.5, -1.0];
    let targets = [[0.5, -0.25], [0.25, 0.0], [-0.5, 0.5]];
    let mut optim = SgdConfig::new().init();
    let mut hidden = Tensor::<B, 2>::zeros([1, 2], &device);

    for (t, x) in inputs.iter().enumerate() {
        let x = Tensor::<B, 2>::from_floats([[*x]], &device);
        hidden = cell.forward(x, hidden);
        let target = Tensor::<B, 2>::from_floats([targets[t]], &device);
        let loss = (hidden.clone() - target).square().mean();
        println!("t = {t}: loss = {}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &cell);
        cell = optim.step(0.1, cell, grads);
        // Keep the state's value, drop its history.
        hidden = hidden.detach();
    }
    println!("hidden = {:?}", hidden.into_data().to_vec::<f32>().unwrap());
}
