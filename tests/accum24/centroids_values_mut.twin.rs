//! Per-class centroids decayed in place each epoch through values_mut().
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};
use std::collections::HashMap;

#[derive(Module, Debug)]
struct Model {
    emb: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(43);
    let mut model = Model { emb: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let xs = Tensor::<2>::from_floats([[0.3, 0.9], [0.8, -0.2]], &device);
    let mut centroids: HashMap<usize, Tensor<2>> = HashMap::new();

    for epoch in 0..3 {
        let e = model.emb.forward(xs.clone());
        for c in centroids.values_mut() {
            *c = (c.clone() * 0.5).detach();
        }
        let k = epoch % 2;
        let pull = match centroids.get(&k) {
            Some(c) => (e.clone() - c.clone()).powf_scalar(2.0).mean(),
            None => e.clone().powf_scalar(2.0).mean(),
        };
        centroids.insert(k, e.clone().detach());
        println!("epoch {epoch}: {:.6}", pull.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(pull.backward(), &model);
        model = optim.step(0.1, model, grads);
    }
}
