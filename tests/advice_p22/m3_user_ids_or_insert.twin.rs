//! A recommender keeps one user embedding per user id, stored with `or_insert` the first time the
//! user is seen; the same users come back in later sessions and the tower is trained throughout.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Towers {
    user: Linear,
    item: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(17);
    let mut towers = Towers {
        user: LinearConfig::new(2, 4).init(&device),
        item: LinearConfig::new(3, 4).init(&device),
    };
    let mut adam = AdamConfig::new().init();
    let sessions: [(u32, [f32; 2], [f32; 3], f32); 4] = [
        (42, [0.5, 1.0], [1.0, 0.0, 0.0], 1.0),
        (7, [-1.0, 0.5], [0.0, 1.0, 0.0], 0.0),
        (42, [0.5, 1.0], [0.0, 0.0, 1.0], 0.0),
        (7, [-1.0, 0.5], [1.0, 1.0, 0.0], 1.0),
    ];

    for (step, (uid, profile, item, clicked)) in sessions.iter().enumerate() {
        let u = Tensor::<2>::from_floats([*profile], &device);
        let user_vec = towers.user.forward(u);
        let item_vec = towers.item.forward(Tensor::<2>::from_floats([*item], &device));
        let score = (user_vec * item_vec).sum();
        let loss = (score - *clicked).powf_scalar(2.0);
        println!("step {step} user {uid}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &towers);
        towers = adam.step(1e-2, towers, grads);
    }
}
