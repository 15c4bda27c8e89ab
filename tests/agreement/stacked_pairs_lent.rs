// Panics (hand derivation): a `Vec<(Tensor, Tensor)>` of per-layer `(h, c)` lent `&mut` to
// `Stacked::step`, which sets `states[k] = (h.clone(), c);`; pass 1 reads pass 0's pairs and its
// backward finds their steps consumed. Each pair is read before it is set: both tensors detached
// there, `states[k] = (h.clone().detach(), c.detach());`.
// Code fix: detach each pass
//! A stacked LSTM keeping one (h, c) pair per layer in a Vec that its step method updates.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Stacked {
    gates: Vec<Linear>,
    head: Linear,
}

impl Stacked {
    fn step(&self, x: Tensor<2>, states: &mut Vec<(Tensor<2>, Tensor<2>)>) -> Tensor<2> {
        let mut input = x;
        for (k, gate) in self.gates.iter().enumerate() {
            let (h_prev, c_prev) = states[k].clone();
            let z = gate.forward(Tensor::cat(vec![input, h_prev], 1));
            let f = activation::sigmoid(z.clone().slice([0..1, 0..2]));
            let g = z.slice([0..1, 2..4]).tanh();
            let c = f.clone() * c_prev + (f.neg() + 1.0) * g;
            let h = c.clone().tanh();
            states[k] = (h.clone(), c);
            input = h;
        }
        self.head.forward(input)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(12);
    let mut model = Stacked {
        gates: vec![LinearConfig::new(1 + 2, 4).init(&device), LinearConfig::new(2 + 2, 4).init(&device)],
        head: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let zero = Tensor::<2>::zeros([1, 2], &device);
    let mut states = vec![(zero.clone(), zero.clone()), (zero.clone(), zero)];
    let series = [0.2, 0.9, -0.4, 0.1, 0.6];
    for t in 0..4 {
        let x = Tensor::<2>::from_floats([[series[t]]], &device);
        let pred = model.step(x, &mut states);
        let loss = (pred - series[t + 1]).powf_scalar(2.0).mean();
        println!("t {t}: loss {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
    }
}
