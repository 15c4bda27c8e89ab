// Panics (hand derivation): `state`, an `LstmState { h, c }`, carries pass 0's tensors into pass
// 1, where `let LstmState { h: h_prev, c: c_prev } = state;` takes them apart; pass 1's backward
// finds their steps consumed. Detached where the struct is put: `state = LstmState { h:
// h.detach(), c: c.detach() };`.
// Code fix: detach each pass
//! An LSTM whose state is a small struct, taken apart at the start of each step.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Lstm {
    gates: Linear,
    out: Linear,
}

struct LstmState {
    h: Tensor<2>,
    c: Tensor<2>,
}

impl Lstm {
    fn step(&self, x: Tensor<2>, h: Tensor<2>, c: Tensor<2>) -> (Tensor<2>, Tensor<2>) {
        let z = self.gates.forward(Tensor::cat(vec![x, h], 1));
        let i = activation::sigmoid(z.clone().slice([0..1, 0..3]));
        let g = z.slice([0..1, 3..6]).tanh();
        let c_next = c * 0.9 + i * g;
        (c_next.clone().tanh(), c_next)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(44);
    let mut model = Lstm {
        gates: LinearConfig::new(2 + 3, 6).init(&device),
        out: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let mut state = LstmState {
        h: Tensor::<2>::zeros([1, 3], &device),
        c: Tensor::<2>::zeros([1, 3], &device),
    };
    let xs = [[0.5, -1.0], [1.0, 0.0], [-0.5, 0.5], [0.0, 1.0]];
    let ys = [0.1, 0.3, -0.2, 0.4];
    for t in 0..4 {
        let x = Tensor::<2>::from_floats([xs[t]], &device);
        let LstmState { h: h_prev, c: c_prev } = state;
        let (h, c) = model.step(x, h_prev, c_prev);
        let loss = (model.out.forward(h.clone()) - ys[t]).powf_scalar(2.0).mean();
        println!("t={t} loss={}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.01, model, grads);
        state = LstmState { h: h.detach(), c: c.detach() };
    }
}
