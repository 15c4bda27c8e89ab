//! Token vectors are looked up once for every sentence (an iterator into a `Vec`), then the
//! classifier and the embedding are trained over (vector, target) pairs for two epochs.
use burn::{
    nn::{Embedding, EmbeddingConfig, Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation::sigmoid,
};

#[derive(Module, Debug)]
struct Tagger {
    vocab: Embedding,
    score: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(41);
    let mut tagger = Tagger {
        vocab: EmbeddingConfig::new(5, 3).init(&device),
        score: LinearConfig::new(3, 1).init(&device),
    };
    let mut adam = AdamConfig::new().init();
    let sentences = vec![
        Tensor::<2, Int>::from_ints([[0, 2]], &device),
        Tensor::<2, Int>::from_ints([[4, 1]], &device),
    ];
    let wanted = vec![
        Tensor::<2>::from_floats([[1.0], [0.0]], &device),
        Tensor::<2>::from_floats([[0.0], [1.0]], &device),
    ];

    for epoch in 0..2 {
        for (ids, w) in sentences.iter().zip(wanted.iter()) {
            let v = tagger.vocab.forward(ids.clone()).reshape([2, 3]);
            let p = sigmoid(tagger.score.forward(v));
            let loss = (p - w.clone()).powf_scalar(2.0).mean();
            println!("epoch {epoch}: loss = {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &tagger);
            tagger = adam.step(5e-2, tagger, grads);
        }
    }
}
