// Panics (hand derivation): `(h, c) = model.cell(x, h, c);` (destructuring assignment) carries
// pass 0's `h` and `c` into pass 1, whose backward walks into pass 0's `h`, whose step pass 0's
// backward consumed. Both carry a graph: both detached at the end of the pass, `h =
// h.detach();` and `c = c.detach();` (detaching `h` alone still panics at `c`).
// Code fix: detach each pass
//! An LSTM loop written with destructuring assignment: `(h, c) = model.cell(x, h, c);`.
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
    fn cell(&self, x: Tensor<2>, h: Tensor<2>, c: Tensor<2>) -> (Tensor<2>, Tensor<2>) {
        let z = self.gates.forward(Tensor::cat(vec![x, h], 1));
        let f = activation::sigmoid(z.clone().slice([0..1, 0..2]));
        let g = z.slice([0..1, 2..4]).tanh();
        let c_next = f * c + g;
        (c_next.clone().tanh(), c_next)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(27);
    let mut model = Model {
        gates: LinearConfig::new(1 + 2, 4).init(&device),
        out: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let mut h = Tensor::<2>::zeros([1, 2], &device);
    let mut c = Tensor::<2>::zeros([1, 2], &device);
    let seq = [0.1, 0.4, -0.3, 0.8, 0.2];
    for t in 0..4 {
        let x = Tensor::<2>::from_floats([[seq[t]]], &device);
        (h, c) = model.cell(x, h, c);
        let loss = (model.out.forward(h.clone()) - seq[t + 1]).powf_scalar(2.0).mean();
        println!("t={t} loss={}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
        h = h.detach();
        c = c.detach();
    }
}
