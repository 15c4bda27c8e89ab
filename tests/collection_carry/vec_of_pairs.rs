//! Per-layer (h, c) pairs kept in a Vec of tuples, carried with `pairs = fresh;`.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Two {
    a: Linear,
    b: Linear,
    read: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(19);
    let mut model = Two {
        a: LinearConfig::new(2, 2).init(&device),
        b: LinearConfig::new(2, 2).init(&device),
        read: LinearConfig::new(2, 1).init(&device),
    };
    let mut sgd = SgdConfig::new().init();
    let zero = Tensor::<2>::zeros([1, 2], &device);
    let mut pairs: Vec<(Tensor<2>, Tensor<2>)> = vec![(zero.clone(), zero.clone()), (zero.clone(), zero)];
    let xs = Tensor::<2>::from_floats([[0.2, 0.4], [0.6, -0.1], [0.0, 0.3]], &device);
    for t in 0..3 {
        let x = xs.clone().slice([t..t + 1, 0..2]);
        let (h0, c0) = pairs[0].clone();
        let c0n = c0 * 0.5 + model.a.forward(x + h0).tanh();
        let h0n = c0n.clone().tanh();
        let (h1, c1) = pairs[1].clone();
        let c1n = c1 * 0.5 + model.b.forward(h0n.clone() + h1).tanh();
        let h1n = c1n.clone().tanh();
        let loss = model.read.forward(h1n.clone()).powf_scalar(2.0).mean();
        println!("t={t} {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = sgd.step(0.1, model, grads);
        let fresh = vec![(h0n, c0n), (h1n, c1n)];
        pairs = fresh;
    }
}
