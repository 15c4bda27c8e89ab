//! Sentence vectors looked up once from a trained embedding table, then fitted each epoch.
use burn::{
    nn::{Embedding, EmbeddingConfig, Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Tagger {
    table: Embedding,
    out: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(13);
    let mut tagger = Tagger { table: EmbeddingConfig::new(5, 2).init(&device), out: LinearConfig::new(2, 1).init(&device) };
    let mut optim = AdamConfig::new().init();
    let sentences = vec![
        Tensor::<2, Int>::from_ints([[1, 4]], &device),
        Tensor::<2, Int>::from_ints([[0, 3]], &device),
    ];
    for epoch in 0..2 {
        for s in sentences.iter() {
            let v = tagger.table.forward(s.clone());
            let score = tagger.out.forward(v.clone().sum_dim(1).squeeze_dim::<2>(1));
            let loss = (score - 1.0).powf_scalar(2.0).mean();
            println!("epoch {epoch}: loss = {}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &tagger);
            tagger = optim.step(0.01, tagger, grads);
        }
    }
}
