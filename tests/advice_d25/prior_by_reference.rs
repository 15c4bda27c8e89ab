//! A context object holds a prior that a small network makes from seed inputs; the model is
//! kept outside and handed to the loss by reference.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    prior_net: Linear,
    head: Linear,
}

struct Context {
    prior: Tensor<2>,
    scale: f32,
}

impl Context {
    fn new(model: &Net, seeds: Tensor<2>, scale: f32) -> Self {
        let prior = model.prior_net.forward(seeds).exp();
        Context { prior, scale }
    }

    fn loss(&self, model: &Net, x: Tensor<2>, y: Tensor<2>) -> Tensor<1> {
        let out = model.head.forward(x) * self.prior.clone().mul_scalar(self.scale);
        (out - y).powf_scalar(2.0).mean()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(302);
    let mut model = Net {
        prior_net: LinearConfig::new(2, 2).init(&device),
        head: LinearConfig::new(2, 2).init(&device),
    };
    let seeds = Tensor::<2>::from_floats([[0.3, -0.3]], &device);
    let ctx = Context::new(&model, seeds, 0.5);
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [0.5, -1.0]], &device);
    let y = Tensor::<2>::from_floats([[0.0, 1.0], [1.0, 0.0]], &device);
    for step in 0..3 {
        let loss = ctx.loss(&model, x.clone(), y.clone());
        println!("step {step}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-2, model, grads);
    }
}
