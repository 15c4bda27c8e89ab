//! Session-based recommendation: each user's recurrent state is kept in a `HashMap` keyed by user
//! id (through `entry(..).or_insert_with(..)` and `*slot = h`) and updated at each of their events; one update per event.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};
use std::collections::HashMap;

#[derive(Module, Debug)]
struct Rec {
    upd: Linear,
    score: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(50);
    let mut rec = Rec { upd: LinearConfig::new(2 + 3, 3).init(&device), score: LinearConfig::new(3, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let events: [(u32, [f32; 2], f32); 4] = [(7, [1.0, 0.0], 1.0), (9, [0.0, 1.0], 0.0), (7, [0.5, 0.5], 1.0), (9, [1.0, 1.0], 0.0)];
    let mut states: HashMap<u32, Tensor<2>> = HashMap::new();
    for (i, (user, item, clicked)) in events.iter().enumerate() {
        let slot = states.entry(*user).or_insert_with(|| Tensor::<2>::zeros([1, 3], &device));
        let prev = slot.clone();
        let x = Tensor::<2>::from_floats([*item], &device);
        let h = rec.upd.forward(Tensor::cat(vec![x, prev], 1)).tanh();
        let p = activation::sigmoid(rec.score.forward(h.clone()));
        let loss = (p - Tensor::<2>::from_floats([[*clicked]], &device)).powf_scalar(2.0).mean();
        println!("event {i} user {user}: loss {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &rec);
        rec = optim.step(0.3, rec, grads);
        *slot = h.detach();
    }
}
