//! A small regression crate: `mod model;` and `mod data;` files, Adam, a `fn train<B:
//! AutodiffBackend>` called as `train::<MyBackend>(device)`, losses printed with `{:.4}`.

mod data;
mod model;

use burn::backend::{Autodiff, NdArray};
use burn::nn::loss::{MseLoss, Reduction};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

use crate::data::{batches, Batch};
use crate::model::{Regressor, RegressorConfig};

type MyBackend = Autodiff<NdArray>;

fn train<B: AutodiffBackend>(device: B::Device) {
    let config = RegressorConfig::new(2).with_hidden(3);
    let mut model = config.init::<B>(&device);
    let mut optim = AdamConfig::new().init();
    for epoch in 1..=4 {
        let mut losses = Vec::new();
        for Batch { inputs, targets } in batches::<B>(&device) {
            let output = model.forward(inputs);
            let loss = MseLoss::new().forward(output, targets, Reduction::Mean);
            losses.push(loss.clone().into_scalar());
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = optim.step(0.05, model, grads);
        }
        let mean = losses.iter().sum::<f32>() / losses.len() as f32;
        println!("epoch {epoch}: loss {:.4}", mean);
    }
}

fn main() {
    let device = Default::default();
    train::<MyBackend>(device);
}
