// Panics (hand derivation): `let (h_next, c_next) = model.cell(x, h, c); h = h_next; c =
// c_next;` carries pass 0's `h` and `c` into pass 1, whose backward walks into pass 0's `h`,
// whose step pass 0's backward consumed. Both carry a graph: both detached at the end of the
// pass, `h = h.detach();` and `c = c.detach();` (detaching `h` alone still panics at `c`).
// Code fix: detach each pass
//! A tiny LSTM cell unrolled over a sequence, one update per step, its state carried through
//! two `let`s: `let (h_next, c_next) = ..; h = h_next; c = c_next;`.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Lstm {
    gates_x: Linear,
    gates_h: Linear,
    head: Linear,
}

impl Lstm {
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
    let mut model = Lstm {
        gates_x: LinearConfig::new(2, 12).init(&device),
        gates_h: LinearConfig::new(3, 12).init(&device),
        head: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let xs = Tensor::<2>::from_floats([[0.5, -1.0], [1.0, 0.0], [0.0, 1.0], [-0.5, 0.5]], &device);
    let ys = Tensor::<2>::from_floats([[0.1], [0.3], [-0.2], [0.0]], &device);
    let mut h = Tensor::<2>::zeros([1, 3], &device);
    let mut c = Tensor::<2>::zeros([1, 3], &device);
    for t in 0..4 {
        let x = xs.clone().slice([t..t + 1, 0..2]);
        let y = ys.clone().slice([t..t + 1, 0..1]);
        let (h_next, c_next) = model.cell(x, h, c);
        h = h_next;
        c = c_next;
        let pred = model.head.forward(h.clone());
        let loss = (pred - y).powf_scalar(2.0).mean();
        println!("step {t}: loss {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.05, model, grads);
    }
}
