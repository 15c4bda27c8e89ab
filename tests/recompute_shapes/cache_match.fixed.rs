//! A recommender caches each user's embedding the first time it sees the user.

use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Recommender {
    user: Linear,
    score: Linear,
}

fn profile(device: &Device, who: usize) -> Tensor<2> {
    let rows = [[1.0, 0.0], [0.2, 0.8], [0.5, 0.5]];
    Tensor::<2>::from_floats([rows[who]], device)
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(17);
    let mut rec = Recommender {
        user: LinearConfig::new(2, 4).init(&device),
        score: LinearConfig::new(4, 1).init(&device),
    };
    let mut sgd = SgdConfig::new().init();
    let visits = [(0usize, 1.0f32), (1, 0.0), (0, 1.0), (2, 0.5)];
    for (n, &(who, liked)) in visits.iter().enumerate() {
        let u = rec.user.forward(profile(&device, who)).tanh();
        let loss = (rec.score.forward(u) - liked).powf_scalar(2.0).sum();
        println!("visit {n}: {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &rec);
        rec = sgd.step(0.2, rec, grads);
    }
}
