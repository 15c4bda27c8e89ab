//! Older dialect: a generic trainer struct keeps the pending loss sum; `main` adds to it and
//! reads it through `as_ref()` every third batch for the backward.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Head<B: Backend> {
    proj: Linear<B>,
}

struct Trainer<B: Backend> {
    head: Head<B>,
    pending: Option<Tensor<B, 1>>,
}

fn main() {
    let device = Default::default();
    B::seed(&device, 19);
    let mut trainer: Trainer<B> =
        Trainer { head: Head { proj: LinearConfig::new(2, 1).init(&device) }, pending: None };
    let mut sgd = SgdConfig::new().init();
    let batch = [[0.5, 0.5], [0.1, -0.9], [-0.6, 0.3], [0.7, 0.2], [0.0, 0.8], [-0.4, -0.4]];

    for (b, row) in batch.iter().enumerate() {
        let x = Tensor::<B, 2>::from_floats([*row], &device);
        let loss = trainer.head.proj.forward(x).powf_scalar(2.0).mean();
        trainer.pending = Some(match trainer.pending.take() {
            Some(p) => p + loss,
            None => loss,
        });
        if b % 3 == 2 {
            let sum = trainer.pending.as_ref().unwrap().clone();
            let v: f32 = sum.clone().into_scalar().elem();
            println!("batch {b}: {v:.6}");
            let grads = GradientsParams::from_grads(sum.backward(), &trainer.head);
            trainer.head = sgd.step(0.1, trainer.head, grads);
        }
    }
}
