//! Value regression from a replay list: each step keeps the value the critic predicted when it
//! acted, and the last two steps are replayed every step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Critic {
    v: Linear,
}

struct Step {
    value: Tensor<2>,
    ret: f32,
}

fn value_loss(steps: &[Step]) -> Tensor<1> {
    let mut total = steps[0].value.clone().sub_scalar(steps[0].ret).powf_scalar(2.0).sum();
    for s in &steps[1..] {
        total = total + s.value.clone().sub_scalar(s.ret).powf_scalar(2.0).sum();
    }
    total
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut critic = Critic { v: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut replay: Vec<Step> = Vec::new();
    for t in 0..4 {
        let obs = Tensor::<2>::from_floats([[t as f32 * 0.2, 1.0 - t as f32 * 0.3]], &device);
        let value = critic.v.forward(obs);
        replay.push(Step { value, ret: 0.5 });
        if replay.len() < 2 {
            continue;
        }
        let loss = value_loss(&replay[replay.len() - 2..]);
        println!("t {t}: value loss = {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &critic);
        critic = optim.step(0.1, critic, grads);
    }
}
