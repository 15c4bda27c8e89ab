//! A classifier head over encoder features cached per sample id, so that a sample seen again in
//! a later epoch reuses its features.
use std::collections::HashMap;

use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation,
};

#[derive(Module, Debug)]
struct Model {
    enc: Linear,
    head: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(2);
    let mut model = Model {
        enc: LinearConfig::new(3, 4).init(&device),
        head: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let samples = [[0.1, 0.9, -0.3], [0.7, -0.2, 0.4]];
    let labels = [1.0, 0.0];
    let mut features: HashMap<usize, Tensor<2>> = HashMap::new();
    for epoch in 0..2 {
        for id in 0..2 {
            let x = Tensor::<2>::from_floats([samples[id]], &device);
            let feat = features
                .entry(id)
                .or_insert_with(|| activation::relu(model.enc.forward(x)))
                .clone();
            let loss = (activation::sigmoid(model.head.forward(feat)) - labels[id])
                .powf_scalar(2.0)
                .mean();
            println!("epoch {epoch} id {id}: loss = {}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = optim.step(0.1, model, grads);
            features.clear();
        }
    }
}
