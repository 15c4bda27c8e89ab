// Panics (hand derivation): `state`, a pair of tensors, is given whole to `Cell::step`, which
// gives back the output and the new pair; `state = next;` carries pass 0's pair into pass 1,
// whose backward finds its steps consumed. A tuple has no `.detach()`: each tensor of the pair
// detached where it is carried, `state = (next.0.detach(), next.1.detach());`.
// Code fix: detach each pass
//! An LSTM cell whose step takes the (h, c) pair and gives back the output and the new pair.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Cell {
    gates: Linear,
    out: Linear,
}

impl Cell {
    fn step(&self, x: Tensor<2>, state: (Tensor<2>, Tensor<2>)) -> (Tensor<2>, (Tensor<2>, Tensor<2>)) {
        let (h, c) = state;
        let z = self.gates.forward(Tensor::cat(vec![x, h], 1));
        let f = activation::sigmoid(z.clone().slice([0..1, 0..2]));
        let g = z.slice([0..1, 2..4]).tanh();
        let c_next = f * c + g;
        let h_next = c_next.clone().tanh();
        (self.out.forward(h_next.clone()), (h_next, c_next))
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(19);
    let mut cell = Cell {
        gates: LinearConfig::new(1 + 2, 4).init(&device),
        out: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let mut state = (Tensor::<2>::zeros([1, 2], &device), Tensor::<2>::zeros([1, 2], &device));
    let seq = [0.5, -0.5, 1.0, 0.25, 0.0];
    for t in 0..4 {
        let x = Tensor::<2>::from_floats([[seq[t]]], &device);
        let (pred, next) = cell.step(x, state);
        let loss = (pred - seq[t + 1]).powf_scalar(2.0).mean();
        println!("t={t} loss={}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &cell);
        cell = optim.step(0.1, cell, grads);
        state = next;
    }
}
