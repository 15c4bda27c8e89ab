// Panics (hand derivation): `runner.state`, a `(Tensor, Tensor)` field, carries pass 0's `(h, c)`
// into pass 1 (`let (h0, c0) = runner.state.clone();`), whose backward finds their steps
// consumed. The carrier is the field `runner.state`, not `h0`: `runner.state = (h.detach(),
// c.detach());`.
// Code fix: detach each pass
//! A runner object keeps an LSTM's (h, c) pair in a tuple field between the chunks it reads.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Cell {
    gates: Linear,
    out: Linear,
}

impl Cell {
    fn forward(&self, x: Tensor<2>, h: Tensor<2>, c: Tensor<2>) -> (Tensor<2>, Tensor<2>) {
        let z = self.gates.forward(Tensor::cat(vec![x, h], 1));
        let f = activation::sigmoid(z.clone().slice([0..1, 0..2]));
        let g = z.slice([0..1, 2..4]).tanh();
        let c_next = f.clone() * c + (f.neg() + 1.0) * g;
        (c_next.clone().tanh(), c_next)
    }
}

struct Runner {
    state: (Tensor<2>, Tensor<2>),
    chunks: usize,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(31);
    let mut cell = Cell {
        gates: LinearConfig::new(3 + 2, 4).init(&device),
        out: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let mut runner = Runner {
        state: (Tensor::<2>::zeros([1, 2], &device), Tensor::<2>::zeros([1, 2], &device)),
        chunks: 0,
    };
    let data = [[0.1, 0.2, 0.3], [0.0, -0.5, 1.0], [0.7, 0.7, -0.2], [-0.3, 0.4, 0.0]];
    for row in data {
        let x = Tensor::<2>::from_floats([row], &device);
        let (h0, c0) = runner.state.clone();
        let (h, c) = cell.forward(x, h0, c0);
        let loss = cell.out.forward(h.clone()).powf_scalar(2.0).sum();
        runner.chunks += 1;
        println!("chunk {}: loss {}", runner.chunks, loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &cell);
        cell = optim.step(0.01, cell, grads);
        runner.state = (h, c);
    }
}
