// Panics (hand derivation): `state` carries pass 0's `(h, c)` into pass 1, where `let (h_prev,
// c_prev) = state;` takes them apart; pass 1's backward walks `h_prev` (pass 0's `h`) and finds
// its step consumed by pass 0's backward. `h_prev` is a new binding each pass (immutable: E0384
// if assigned); the binding that carries the state is `state`: `state = (h.detach(),
// c.detach());` on the carry line (by hand; N's held-out p01, session 19).
// Code fix: detach each pass
//! A small LSTM-style cell trained one step per time step; its (h, c) state is kept in a tuple.
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

impl Lstm {
    fn step(&self, x: Tensor<2>, h: Tensor<2>, c: Tensor<2>) -> (Tensor<2>, Tensor<2>) {
        let z = self.gates.forward(Tensor::cat(vec![x, h], 1));
        let i = activation::sigmoid(z.clone().slice([0..1, 0..3]));
        let f = activation::sigmoid(z.clone().slice([0..1, 3..6]));
        let g = z.clone().slice([0..1, 6..9]).tanh();
        let o = activation::sigmoid(z.slice([0..1, 9..12]));
        let c_next = f * c + i * g;
        let h_next = o * c_next.clone().tanh();
        (h_next, c_next)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut model = Lstm {
        gates: LinearConfig::new(2 + 3, 12).init(&device),
        out: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let xs = Tensor::<2>::from_floats(
        [[0.5, -1.0], [1.0, 0.0], [-0.5, 0.5], [0.0, 1.0], [1.0, 1.0]],
        &device,
    );
    let ys = Tensor::<2>::from_floats([[0.1], [0.3], [-0.2], [0.4], [0.0]], &device);
    let mut state = (Tensor::<2>::zeros([1, 3], &device), Tensor::<2>::zeros([1, 3], &device));
    for t in 0..5 {
        let x = xs.clone().slice([t..t + 1, 0..2]);
        let y = ys.clone().slice([t..t + 1, 0..1]);
        let (h_prev, c_prev) = state;
        let (h, c) = model.step(x, h_prev, c_prev);
        let pred = model.out.forward(h.clone());
        let loss = (pred - y).powf_scalar(2.0).mean();
        println!("t={t} loss={}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.01, model, grads);
        state = (h.detach(), c.detach());
    }
}
