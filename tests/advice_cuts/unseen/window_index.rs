//! A critic fitted to its last two predictions, kept in a Vec trimmed with remove(0).
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Critic {
    lin: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(4);
    let mut critic = Critic { lin: LinearConfig::new(3, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let mut recent: Vec<Tensor<2>> = Vec::new();
    for t in 0..4 {
        let x = Tensor::<2>::from_floats([[1.0, 0.1 * t as f32, -0.2]], &device);
        let pred = critic.lin.forward(x.clone());
        recent.push(pred);
        if recent.len() > 2 {
            recent.remove(0);
        }
        let mut loss = recent[0].clone().powf_scalar(2.0).sum();
        if recent.len() == 2 {
            loss = loss + recent[1].clone().powf_scalar(2.0).sum();
        }
        println!("t {t}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &critic);
        critic = sgd.step(0.1, critic, grads);
    }
}
