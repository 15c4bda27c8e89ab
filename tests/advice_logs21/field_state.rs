//! A recurrent cell whose hidden state is kept in a struct's field between the characters of
//! a stream, with an update after each character.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Cell {
    inp: Linear,
    rec: Linear,
    out: Linear,
}

pub struct Memory {
    h: Tensor<2>,
    seen: usize,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut cell = Cell {
        inp: LinearConfig::new(2, 3).init(&device),
        rec: LinearConfig::new(3, 3).init(&device),
        out: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let mut mem = Memory { h: Tensor::<2>::zeros([1, 3], &device), seen: 0 };
    let stream = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.5, -0.5]];
    for c in stream.iter() {
        let x = Tensor::<2>::from_floats([*c], &device);
        let h = (cell.inp.forward(x) + cell.rec.forward(mem.h.clone())).tanh();
        let loss = cell.out.forward(h.clone()).powf_scalar(2.0).mean();
        println!("char {}: loss = {}", mem.seen, loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &cell);
        cell = optim.step(0.01, cell, grads);
        mem.h = h;
        mem.seen += 1;
    }
}
