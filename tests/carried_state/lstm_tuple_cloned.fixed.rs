// Panics (hand derivation): `let (h_prev, c_prev) = state.clone();` reads pass 0's `(h, c)` in
// pass 1 (the loss reads `h_prev` too); pass 1's backward finds their steps consumed. Detached
// where the tuple is put, at the end of the pass: `state = (h.detach(), c.detach());`; the first
// backward's gradients are the original's (pass 0's `h_prev` is zeros, data).
// Code fix: detach each pass
//! An LSTM step whose (h, c) tuple is cloned and split at the start of each step, and whose
//! loss also reads the previous hidden state (a smoothness term).
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Lstm {
    gates: Linear,
}

impl Lstm {
    fn step(&self, x: Tensor<2>, h: Tensor<2>, c: Tensor<2>) -> (Tensor<2>, Tensor<2>) {
        let z = self.gates.forward(Tensor::cat(vec![x, h], 1));
        let f = activation::sigmoid(z.clone().slice([0..1, 0..2]));
        let g = z.slice([0..1, 2..4]).tanh();
        let c_next = f * c + g;
        (c_next.clone().tanh(), c_next)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut model = Lstm { gates: LinearConfig::new(1 + 2, 4).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut state = (Tensor::<2>::zeros([1, 2], &device), Tensor::<2>::zeros([1, 2], &device));
    for t in 0..4 {
        let x = Tensor::<2>::from_floats([[t as f32 * 0.25]], &device);
        let (h_prev, c_prev) = state.clone();
        let (h, c) = model.step(x, h_prev.clone(), c_prev);
        let loss = (h.clone() - h_prev).powf_scalar(2.0).sum() + h.clone().sum().powf_scalar(2.0);
        println!("t={t} loss={}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
        state = (h.detach(), c.detach());
    }
}
