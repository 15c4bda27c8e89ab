//! A bag-of-tokens classifier whose token embeddings are looked up once, before training, and
//! kept in a Vec that every epoch walks.
use burn::{
    nn::{Embedding, EmbeddingConfig, Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    embed: Embedding,
    head: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(4);
    let mut model = Model {
        embed: EmbeddingConfig::new(6, 3).init(&device),
        head: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let tokens = vec![
        Tensor::<2, Int>::from_ints([[0, 2, 5]], &device),
        Tensor::<2, Int>::from_ints([[1, 3, 4]], &device),
    ];
    let labels = [1.0, -1.0];
    let embedded: Vec<_> = tokens.iter().map(|t| model.embed.forward(t.clone())).collect();
    for epoch in 0..2 {
        for (i, e) in embedded.iter().enumerate() {
            let pooled = e.clone().mean_dim(1).squeeze_dim::<2>(1);
            let loss = (model.head.forward(pooled) - labels[i]).powf_scalar(2.0).mean();
            println!("epoch {epoch} item {i}: loss = {}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = optim.step(0.1, model, grads);
        }
    }
}
