//! Fixed by hand: the three losses added and backpropagated once, into the one step.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::activation;
use burn::tensor::backend::AutodiffBackend;

type MyBackend = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Heads<B: Backend> {
    trunk: Linear<B>,
    a: Linear<B>,
    b: Linear<B>,
    c: Linear<B>,
}

fn mse<B: Backend, const D: usize>(pred: Tensor<B, D>, target: Tensor<B, D>) -> Tensor<B, 1> {
    (pred - target).powf_scalar(2.0).mean()
}

fn train<B: AutodiffBackend>(device: &B::Device) {
    let mut model: Heads<B> = Heads {
        trunk: LinearConfig::new(2, 3).init(device),
        a: LinearConfig::new(3, 1).init(device),
        b: LinearConfig::new(3, 1).init(device),
        c: LinearConfig::new(3, 1).init(device),
    };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[1.0, -0.5], [0.25, 0.75], [-1.0, 0.5]], device);
    let y = Tensor::<B, 2>::from_floats([[0.5], [1.0], [-0.25]], device);
    for epoch in 0..3 {
        let h = activation::relu(model.trunk.forward(x.clone()));
        let loss_a = mse(model.a.forward(h.clone()), y.clone());
        let loss_b = mse(model.b.forward(h.clone()), y.clone().mul_scalar(2.0));
        let loss_c = mse(model.c.forward(h), y.clone().neg());
        println!(
            "epoch {epoch}: {:.6} {:.6} {:.6}",
            loss_a.clone().into_scalar(),
            loss_b.clone().into_scalar(),
            loss_c.clone().into_scalar()
        );
        let grads = GradientsParams::from_grads((loss_a + loss_b + loss_c).backward(), &model);
        model = optim.step(0.01, model, grads);
    }
}

fn main() {
    let device = Default::default();
    MyBackend::seed(&device, 9);
    train::<MyBackend>(&device);
}
