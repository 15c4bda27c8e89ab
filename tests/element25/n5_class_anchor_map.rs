//! Each class's first embedding is kept in a map as its anchor; later epochs pull the class's
//! embedding towards the anchor it started from.
use std::collections::HashMap;
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Embedder {
    proj: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(31);
    let mut embedder = Embedder { proj: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let inputs = Tensor::<2>::from_floats([[0.6, 0.1], [-0.3, 0.9]], &device);
    let goals = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0]], &device);
    let mut anchors: HashMap<u8, Tensor<2>> = HashMap::new();

    for epoch in 0..3 {
        let emb = embedder.proj.forward(inputs.clone());
        let anchor = anchors.entry(7).or_insert_with(|| emb.clone()).clone();
        let fit = (emb.clone() - goals.clone()).powf_scalar(2.0).mean();
        let drift = (emb - anchor).powf_scalar(2.0).mean();
        let loss = fit + drift * 0.25;
        println!("epoch {epoch}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &embedder);
        embedder = optim.step(0.2, embedder, grads);
    }
}
