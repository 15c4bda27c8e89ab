// Panics (hand derivation): `state: Option<(Tensor<2>, Tensor<2>)>` is taken apart each pass
// (`let (h, c) = match state.take() {..}`) and put back, `state = Some((h_new, c_new));`: pass
// 1's backward walks into pass 0's `h_new`, whose step pass 0's backward consumed. Each tensor
// of the pair detached where it is put, `state = Some((h_new.detach(), c_new.detach()));`.
//! A tiny LSTM cell unrolled over a sequence, one update per step; the state is an `Option<(Tensor<2>, Tensor<2>)>`.
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
    let mut state: Option<(Tensor<2>, Tensor<2>)> = None;
    for t in 0..4 {
        let (h, c) = match state.take() {
            Some(s) => s,
            None => (Tensor::<2>::zeros([1, 3], &device), Tensor::<2>::zeros([1, 3], &device)),
        };
        let x = xs.clone().slice([t..t + 1, 0..2]);
        let y = ys.clone().slice([t..t + 1, 0..1]);
        let (h_new, c_new) = model.cell(x, h, c);
        let pred = model.head.forward(h_new.clone());
        let loss = (pred - y).powf_scalar(2.0).mean();
        println!("step {t}: loss {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.05, model, grads);
        state = Some((h_new.detach(), c_new.detach()));
    }
}
