//! A per-user style vector kept in a HashMap and overwritten with a blend each time the user
//! appears; the recommender is trained to predict the next click from the style vector.
use std::collections::HashMap;

use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation,
};

#[derive(Module, Debug)]
struct Rec {
    style: Linear,
    score: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(2);
    let mut rec = Rec {
        style: LinearConfig::new(2, 2).init(&device),
        score: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let mut styles = HashMap::new();
    let clicks: [(u64, [f32; 2], f32); 4] = [(1, [1.0, 0.0], 1.0), (2, [0.0, 1.0], 0.0), (1, [0.5, 0.5], 1.0), (2, [0.3, 0.9], 0.0)];
    for (t, (user, item, y)) in clicks.iter().enumerate() {
        let s = rec.style.forward(Tensor::<2>::from_floats([*item], &device));
        let prev = styles.get(user).cloned().unwrap_or_else(|| Tensor::<2>::zeros([1, 2], &device));
        let p = activation::sigmoid(rec.score.forward(s.clone() + prev.clone()));
        let loss = (p - *y).powf_scalar(2.0).mean();
        println!("click {t} user {user}: {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &rec);
        rec = optim.step(0.2, rec, grads);
        *styles.entry(*user).or_insert(Tensor::<2>::zeros([1, 2], &device)) = prev * 0.5 + s.detach() * 0.5;
    }
}
