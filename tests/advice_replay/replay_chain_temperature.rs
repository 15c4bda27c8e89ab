//! An off-policy learner with an annealed temperature: each step keeps (observation, log-probability of action 1, advantage)
//! in a buffer and trains on one element read back by index, two steps old when it can be.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::log_softmax,
};

#[derive(Module, Debug)]
struct Actor {
    body: Linear,
    head: Linear,
}

impl Actor {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.head.forward(self.body.forward(x).tanh())
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(7);
    let mut actor = Actor {
        body: LinearConfig::new(4, 5).init(&device),
        head: LinearConfig::new(5, 3).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let advantages = [0.8, -0.5, 1.2, 0.3, -0.9];
    let mut replay: Vec<(Tensor<2>, Tensor<1>, f32)> = Vec::new();
    for step in 0..5 {
        let s = step as f32;
        let obs = Tensor::<2>::from_floats([[0.1 * s, 0.5 - 0.2 * s, -0.3, 0.05 * s * s]], &device);
        let temperature = 1.0 + 0.25 * s;
        let logp = log_softmax(actor.forward(obs.clone()).div_scalar(temperature), 1).slice([0..1, 1..2]).reshape([1]);
        replay.push((obs, logp, advantages[step]));
        let k = if replay.len() > 2 { replay.len() - 3 } else { replay.len() - 1 };
        let chosen = replay[k].1.clone();
        let advantage = replay[k].2;
        let loss = chosen.mul_scalar(-advantage).sum();
        println!("step {step}: element {k} loss {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &actor);
        actor = optim.step(0.05, actor, grads);
    }
}
