// Panics (hand derivation): `carry` holds the GRU's hidden state beside a step count; `let
// (h_prev, seen) = carry;` takes pass 0's `h` into pass 1, whose backward finds its step
// consumed. The count is a `usize`: only the tensor is detached, `carry = (h.detach(), seen +
// 1);`.
// Code fix: detach each pass
//! A GRU-style cell reading a stream one value at a time; its hidden state travels in a tuple
//! with the number of steps seen so far.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Gru {
    update: Linear,
    cand: Linear,
    head: Linear,
}

impl Gru {
    fn step(&self, x: Tensor<2>, h: Tensor<2>) -> Tensor<2> {
        let joined = Tensor::cat(vec![x, h.clone()], 1);
        let z = activation::sigmoid(self.update.forward(joined.clone()));
        let n = self.cand.forward(joined).tanh();
        z.clone() * h + (z.neg() + 1.0) * n
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(23);
    let mut model = Gru {
        update: LinearConfig::new(1 + 4, 4).init(&device),
        cand: LinearConfig::new(1 + 4, 4).init(&device),
        head: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let stream = [0.3, -0.1, 0.8, 0.5, -0.6];
    let mut carry = (Tensor::<2>::zeros([1, 4], &device), 0usize);
    for t in 0..stream.len() - 1 {
        let x = Tensor::<2>::from_floats([[stream[t]]], &device);
        let target = Tensor::<2>::from_floats([[stream[t + 1]]], &device);
        let (h_prev, seen) = carry;
        let h = model.step(x, h_prev);
        let loss = (model.head.forward(h.clone()) - target).powf_scalar(2.0).mean();
        println!("seen {seen}: loss {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.05, model, grads);
        carry = (h.detach(), seen + 1);
    }
}
