//! A momentum encoder kept as a struct made by `new`; its `absorb` method pulls it towards the
//! online encoder after each optimizer step, and its projection is the next step's target.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Online {
    enc: Linear,
}

struct Momentum {
    w: Tensor<2>,
    decay: f32,
}

impl Momentum {
    fn new(device: &Device, decay: f32) -> Self {
        Self { w: Tensor::<2>::zeros([3, 2], device), decay }
    }

    fn absorb(&mut self, src: &Online) {
        self.w = self.w.clone() * self.decay + src.enc.weight.val() * (1.0 - self.decay);
    }

    fn target(&self, x: Tensor<2>) -> Tensor<2> {
        x.matmul(self.w.clone())
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(29);
    let mut online = Online { enc: LinearConfig::new(3, 2).with_bias(false).init(&device) };
    let mut adam = AdamConfig::new().init();
    let mut momentum = Momentum::new(&device, 0.7);
    momentum.absorb(&online);
    let first = Tensor::<2>::from_floats([[0.9, 0.1, -0.3], [0.2, 0.8, 0.5]], &device);
    let second = Tensor::<2>::from_floats([[1.0, 0.0, -0.2], [0.1, 0.9, 0.4]], &device);

    for step in 0..3 {
        let q = online.enc.forward(first.clone());
        let k = momentum.target(second.clone());
        let loss = (q - k).powf_scalar(2.0).sum_dim(1).mean();
        println!("step {step}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &online);
        online = adam.step(0.05, online, grads);
        momentum.absorb(&online);
    }
}
