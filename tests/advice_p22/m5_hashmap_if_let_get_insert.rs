//! Embeddings of each class cached in a HashMap with if let Some(..) = get, else insert; the embedder is trained.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};
use std::collections::HashMap;

#[derive(Module, Debug)]
struct Embedder {
    proj: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(7);
    let mut model = Embedder { proj: LinearConfig::new(3, 2).init(&device) };
    let mut optim = AdamConfig::new().init();
    let protos = [
        Tensor::<2>::from_floats([[1.0, 0.0, 0.5]], &device),
        Tensor::<2>::from_floats([[0.0, 1.0, -0.5]], &device),
    ];
    let mut cache: HashMap<usize, Tensor<2>> = HashMap::new();
    for round in 0..3 {
        for class in 0..2 {
            let emb = if let Some(e) = cache.get(&class) {
                e.clone()
            } else {
                let e = model.proj.forward(protos[class].clone());
                cache.insert(class, e.clone());
                e
            };
            let loss = emb.powf_scalar(2.0).sum();
            println!("round {round} class {class}: {:.5}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = optim.step(0.01, model, grads);
        }
    }
}
