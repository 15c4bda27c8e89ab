//! Each user's prompt embedding is kept in a per-user slot of a `Vec<Option<..>>` inside the
//! trainer, filled the first time the user is seen; the embedder and the scorer learn together
//! over three rounds.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Ranker {
    embed: Linear,
    score: Linear,
}

struct Prompts {
    per_user: Vec<Option<Tensor<2>>>,
}

impl Prompts {
    fn embedding(&mut self, user: usize, ranker: &Ranker, features: Tensor<2>) -> Tensor<2> {
        if self.per_user[user].is_none() {
            let e = ranker.embed.forward(features).tanh();
            self.per_user[user] = Some(e);
        }
        self.per_user[user].clone().unwrap()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(77);
    let mut ranker = Ranker {
        embed: LinearConfig::new(3, 2).init(&device),
        score: LinearConfig::new(2, 1).init(&device),
    };
    let mut adam = AdamConfig::new().init();
    let features = [[0.2, 0.4, -0.1], [-0.6, 0.3, 0.8], [0.5, -0.5, 0.1]];
    let clicks = [1.0, 0.0, 1.0];
    let mut prompts = Prompts { per_user: vec![None, None, None] };

    for round in 0..3 {
        for u in 0..3 {
            let f = Tensor::<2>::from_floats([features[u]], &device);
            let z = prompts.embedding(u, &ranker, f);
            let loss = (ranker.score.forward(z) - clicks[u]).abs().mean();
            println!("round {round} user {u}: {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &ranker);
            ranker = adam.step(0.02, ranker, grads);
            prompts.per_user[u] = None;
        }
    }
}
