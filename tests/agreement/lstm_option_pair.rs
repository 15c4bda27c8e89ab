// Panics (hand derivation): `state`, an `Option<(Tensor, Tensor)>`, is None before the first step
// and `Some((h, c))` after each; pass 1's backward walks into pass 0's `h`, whose step pass 0's
// backward consumed. Neither the `Option` nor the tuple has `.detach()`: each tensor detached
// where it is put, `state = Some((h.detach(), c.detach()));`.
// Code fix: detach each pass
//! An LSTM whose state is None before the first step and Some((h, c)) after it.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    gates: Linear,
    out: Linear,
}

impl Model {
    fn cell(&self, x: Tensor<2>, state: Option<(Tensor<2>, Tensor<2>)>) -> (Tensor<2>, Tensor<2>) {
        let (h, c) = match state {
            Some((h, c)) => (h, c),
            None => (Tensor::zeros([1, 2], &x.device()), Tensor::zeros([1, 2], &x.device())),
        };
        let z = self.gates.forward(Tensor::cat(vec![x, h], 1));
        let f = activation::sigmoid(z.clone().slice([0..1, 0..2]));
        let g = z.slice([0..1, 2..4]).tanh();
        let c_next = f * c + g;
        (c_next.clone().tanh(), c_next)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(33);
    let mut model = Model {
        gates: LinearConfig::new(1 + 2, 4).init(&device),
        out: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let mut state: Option<(Tensor<2>, Tensor<2>)> = None;
    let seq = [0.1, 0.4, -0.3, 0.8, 0.2];
    for t in 0..4 {
        let x = Tensor::<2>::from_floats([[seq[t]]], &device);
        let (h, c) = model.cell(x, state);
        let loss = (model.out.forward(h.clone()) - seq[t + 1]).powf_scalar(2.0).mean();
        println!("t={t} loss={}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
        state = Some((h, c));
    }
}
