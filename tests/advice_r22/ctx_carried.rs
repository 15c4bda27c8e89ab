//! A context vector blended from step to step: each step's context is made from the input and
//! half the previous step's, and carried into the next step by `prev_ctx`. One backward and one
//! optimizer step per step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Tracker {
    enc: Linear,
    head: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(31);
    let mut model = Tracker {
        enc: LinearConfig::new(3, 2).init(&device),
        head: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let xs = Tensor::<2>::from_floats([[0.2, -0.1, 0.4], [0.5, 0.3, -0.2], [-0.3, 0.6, 0.1]], &device);
    let ys = Tensor::<2>::from_floats([[0.1], [0.4], [-0.2]], &device);
    let mut prev_ctx = Tensor::<2>::zeros([1, 2], &device);

    for t in 0..3 {
        let x = xs.clone().slice([t..t + 1, 0..3]);
        let y = ys.clone().slice([t..t + 1, 0..1]);
        let ctx = (model.enc.forward(x) + prev_ctx.clone() * 0.5).tanh();
        let pred = model.head.forward(ctx.clone());
        let loss = (pred - y).powf_scalar(2.0).mean();
        println!("t {t}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
        prev_ctx = ctx;
    }
}
