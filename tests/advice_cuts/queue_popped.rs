//! TD(0) with a short delay line: values enter a VecDeque and are trained on once they are
//! two steps old (pop_front), so each value's graph outlives the step that made it.
use std::collections::VecDeque;
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Critic {
    v: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(2);
    let mut critic = Critic { v: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut queue: VecDeque<Tensor<2>> = VecDeque::new();
    for t in 0..5 {
        let obs = Tensor::<2>::from_floats([[0.2 * t as f32, -0.5]], &device);
        let value = critic.v.forward(obs);
        queue.push_back(value);
        if queue.len() < 2 {
            continue;
        }
        let old = queue.pop_front().unwrap();
        let loss = old.sub_scalar(0.5).powf_scalar(2.0).sum();
        println!("t {t}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &critic);
        critic = optim.step(0.1, critic, grads);
    }
}
