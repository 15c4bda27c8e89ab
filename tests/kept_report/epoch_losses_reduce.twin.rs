//! Twin: the epoch's loss made again from the model as it is after the batches. Three mini-batches a step each, then one more step on the epoch's mean loss, made by
//! adding up the batch losses the loop kept.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Fit {
    inner: Linear,
    outer: Linear,
}

impl Fit {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.outer.forward(self.inner.forward(x).tanh())
    }
}

fn mse(pred: Tensor<2>, target: Tensor<2>) -> Tensor<1> {
    (pred - target).powf_scalar(2.0).mean()
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut fit = Fit {
        inner: LinearConfig::new(1, 4).init(&device),
        outer: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.0], [0.2], [0.4], [0.6], [0.8], [1.0]], &device);
    let y = Tensor::<2>::from_floats([[0.0], [0.4], [0.7], [0.9], [1.0], [0.9]], &device);
    for epoch in 0..3 {
        for k in 0..3 {
            let xb = x.clone().slice([2 * k..2 * k + 2, 0..1]);
            let yb = y.clone().slice([2 * k..2 * k + 2, 0..1]);
            let loss = mse(fit.forward(xb), yb);
            let grads = GradientsParams::from_grads(loss.backward(), &fit);
            fit = optim.step(0.2, fit, grads);
        }
        let mut sum: Option<Tensor<1>> = None;
        for k in 0..3 {
            let xb = x.clone().slice([2 * k..2 * k + 2, 0..1]);
            let yb = y.clone().slice([2 * k..2 * k + 2, 0..1]);
            let loss = mse(fit.forward(xb), yb);
            sum = Some(match sum {
                Some(s) => s + loss,
                None => loss,
            });
        }
        let total = sum.unwrap() / 3.0;
        println!("epoch {epoch}: mean {:.5}", total.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(total.backward(), &fit);
        fit = optim.step(0.05, fit, grads);
    }
}
