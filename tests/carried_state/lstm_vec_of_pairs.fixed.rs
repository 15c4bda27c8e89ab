// Panics (hand derivation): `states: Vec<(Tensor<2>, Tensor<2>)>` keeps each layer's `(h, c)`;
// pass 0 sets `states[0] = (h0_new, c0_new);` and `states[1] = ..` after its last read, pass 1
// reads them and its backward walks into pass 0's cells, whose steps pass 0's backward
// consumed. A `Vec` has no `.detach()`: each tensor detached where it is set, after the pass's
// last read of `states`, `states[0] = (h0_new.detach(), c0_new.detach());` (and `states[1]`).
// Code fix: detach each pass
//! A two-layer LSTM unrolled over a sequence, one update per step; the states are a `Vec<(Tensor<2>, Tensor<2>)>`, one pair a layer.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Cell {
    gates_x: Linear,
    gates_h: Linear,
}

#[derive(Module, Debug)]
struct Stacked {
    layer0: Cell,
    layer1: Cell,
    head: Linear,
}

impl Cell {
    fn cell(&self, x: Tensor<2>, h: Tensor<2>, c: Tensor<2>) -> (Tensor<2>, Tensor<2>) {
        let z = self.gates_x.forward(x) + self.gates_h.forward(h);
        let i = activation::sigmoid(z.clone().slice([0..1, 0..3]));
        let f = activation::sigmoid(z.clone().slice([0..1, 3..6]));
        let o = activation::sigmoid(z.clone().slice([0..1, 6..9]));
        let g = z.slice([0..1, 9..12]).tanh();
        let c_new = f * c + i * g;
        let h_new = o * c_new.clone().tanh();
        (h_new, c_new)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut model = Stacked {
        layer0: Cell { gates_x: LinearConfig::new(2, 12).init(&device), gates_h: LinearConfig::new(3, 12).init(&device) },
        layer1: Cell { gates_x: LinearConfig::new(3, 12).init(&device), gates_h: LinearConfig::new(3, 12).init(&device) },
        head: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let xs = Tensor::<2>::from_floats([[0.5, -1.0], [1.0, 0.0], [0.0, 1.0], [-0.5, 0.5]], &device);
    let ys = Tensor::<2>::from_floats([[0.1], [0.3], [-0.2], [0.0]], &device);
    let zeros = Tensor::<2>::zeros([1, 3], &device);
    let mut states: Vec<(Tensor<2>, Tensor<2>)> = vec![(zeros.clone(), zeros.clone()), (zeros.clone(), zeros)];
    for t in 0..4 {
        let x = xs.clone().slice([t..t + 1, 0..2]);
        let y = ys.clone().slice([t..t + 1, 0..1]);
        let (h0, c0) = states[0].clone();
        let (h0_new, c0_new) = model.layer0.cell(x, h0, c0);
        let (h1, c1) = states[1].clone();
        let (h1_new, c1_new) = model.layer1.cell(h0_new.clone(), h1, c1);
        let pred = model.head.forward(h1_new.clone());
        let loss = (pred - y).powf_scalar(2.0).mean();
        println!("step {t}: loss {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.05, model, grads);
        states[0] = (h0_new.detach(), c0_new.detach());
        states[1] = (h1_new.detach(), c1_new.detach());
    }
}
