//! An RNN-like loop that carries its hidden state from one step to the next without
//! `detach()`: each step trains on its own loss, so step 1's backward reaches the state that
//! step 0's backward consumed.
//!
//! Node ids: cell.wx 0, cell.wh 1 (`Param::from_tensor` keeps the `from_floats` id), hidden 2
//! (`zeros`: untracked). Step 0: x 3, x.matmul(wx) 4, hidden.matmul(wh) 5, add 6, tanh 7 (the
//! new hidden), target 8, sub 9, square 10, mean 11; backward; the optimizer's new wx 12, wh 13.
//! Step 1: x 14, matmul 15, matmul 16 (hidden = NodeId(7), and wh), add 17, tanh 18, target 19,
//! sub 20, square 21, mean 22: the walk 22 -> 21 -> 20 -> 18 -> 17 -> 16 -> 7 finds 7's step
//! gone: the panic at NodeId(7).

use burn::{
    module::Param,
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Cell {
    wx: Param<Tensor<2>>,
    wh: Param<Tensor<2>>,
}

impl Cell {
    pub fn forward(&self, x: Tensor<2>, hidden: Tensor<2>) -> Tensor<2> {
        (x.matmul(self.wx.val()) + hidden.matmul(self.wh.val())).tanh()
    }
}

fn main() {
    let device = Device::default().autodiff();
    let mut cell: Cell = Cell {
        wx: Param::from_tensor(Tensor::from_floats([[0.5, -0.5]], &device)),
        wh: Param::from_tensor(Tensor::from_floats([[0.5, 0.25], [-0.25, 0.5]], &device)),
    };
    let inputs = [1.0, 0.5, -1.0];
    let targets = [[0.5, -0.25], [0.25, 0.0], [-0.5, 0.5]];
    let mut optim = SgdConfig::new().init();
    let mut hidden = Tensor::<2>::zeros([1, 2], &device);

    for (t, x) in inputs.iter().enumerate() {
        let x = Tensor::<2>::from_floats([[*x]], &device);
        hidden = cell.forward(x, hidden);
        let target = Tensor::<2>::from_floats([targets[t]], &device);
        let loss = (hidden.clone() - target).square().mean();
        println!("t = {t}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &cell);
        cell = optim.step(0.1, cell, grads);
    }
    println!("hidden = {:?}", hidden.into_data().to_vec::<f32>().unwrap());
}
