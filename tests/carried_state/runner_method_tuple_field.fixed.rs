// Panics (hand derivation): `Runner::step` keeps the LSTM's pair in its tuple field,
// `self.state = (h_next.clone(), c_next);`, and reads it back the next pass; pass 1's backward
// walks into pass 0's `h_next`, whose step pass 0's backward consumed. The loop calls
// `runner.step` once a pass (`optim.step` is the optimizer's): each tensor detached where the
// method puts it, `self.state = (h_next.clone().detach(), c_next.detach());`.
// Code fix: detach each pass
//! A stateful LSTM runner: its step method keeps the (h, c) pair in a tuple field.
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

struct Runner {
    state: (Tensor<2>, Tensor<2>),
}

impl Runner {
    fn step(&mut self, model: &Model, x: Tensor<2>) -> Tensor<2> {
        let (h, c) = self.state.clone();
        let z = model.gates.forward(Tensor::cat(vec![x, h], 1));
        let f = activation::sigmoid(z.clone().slice([0..1, 0..2]));
        let g = z.slice([0..1, 2..4]).tanh();
        let c_next = f * c + g;
        let h_next = c_next.clone().tanh();
        self.state = (h_next.clone().detach(), c_next.detach());
        model.out.forward(h_next)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(61);
    let mut model = Model {
        gates: LinearConfig::new(1 + 2, 4).init(&device),
        out: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let mut runner = Runner {
        state: (Tensor::<2>::zeros([1, 2], &device), Tensor::<2>::zeros([1, 2], &device)),
    };
    let seq = [0.3, 0.1, -0.2, 0.6, 0.4];
    for t in 0..4 {
        let x = Tensor::<2>::from_floats([[seq[t]]], &device);
        let pred = runner.step(&model, x);
        let loss = (pred - seq[t + 1]).powf_scalar(2.0).mean();
        println!("t={t} loss={}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
    }
}
