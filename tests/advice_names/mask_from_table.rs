//! A learned bias table turned into a pairwise mask once, before training; the loop reads only
//! the mask.
use burn::{
    nn::{Embedding, EmbeddingConfig, Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation::softmax,
};

#[derive(Module, Debug)]
struct Mixer {
    table: Embedding,
    proj: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(12);
    let mut mixer = Mixer {
        table: EmbeddingConfig::new(3, 2).init(&device),
        proj: LinearConfig::new(2, 2).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let ids = Tensor::<2, Int>::from_ints([[0, 1, 2]], &device);
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]], &device);
    let y = Tensor::<2>::from_floats([[0.3, 0.1], [0.0, 0.2], [0.4, -0.1]], &device);
    let e = mixer.table.forward(ids.clone()).reshape([3, 2]);
    let scores = e.clone().matmul(e.transpose()).mul_scalar(0.5);
    for round in 0..3 {
        let mixed = softmax(scores.clone(), 1).matmul(mixer.proj.forward(x.clone()));
        let loss = (mixed - y.clone()).powf_scalar(2.0).mean();
        println!("round {round}: {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &mixer);
        mixer = optim.step(0.05, mixer, grads);
    }
}
