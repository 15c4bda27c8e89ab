//! Metric learning with two objectives on one batch of embeddings: a pull loss (anchor to
//! positive) stepped first, then a spread loss over the positive's similarity to the anchor's
//! squashed embedding, stepped again.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Embedder {
    fc: Linear,
    proj: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut emb = Embedder {
        fc: LinearConfig::new(3, 4).init(&device),
        proj: LinearConfig::new(4, 2).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let anchors = Tensor::<2>::from_floats([[0.1, 0.2, 0.3], [0.9, -0.4, 0.0]], &device);
    let positives = Tensor::<2>::from_floats([[0.2, 0.1, 0.3], [0.8, -0.3, 0.1]], &device);
    for round in 0..3 {
        let a = emb.proj.forward(activation::relu(emb.fc.forward(anchors.clone())));
        let p = emb.proj.forward(activation::relu(emb.fc.forward(positives.clone())));
        let pull = (a.clone() - p.clone()).powf_scalar(2.0).sum();
        println!("round {round}: pull = {}", pull.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(pull.backward(), &emb);
        emb = optim.step(0.05, emb, grads);
        let spread = p.matmul(a.tanh().transpose()).exp().mean();
        println!("round {round}: spread = {}", spread.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(spread.backward(), &emb);
        emb = optim.step(0.05, emb, grads);
    }
}
