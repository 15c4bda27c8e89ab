//! An actor trained with advantages: each rollout's action log-probabilities and advantages are
//! gathered into a `Rollout`, one update per rollout.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation,
};

#[derive(Module, Debug)]
pub struct Actor {
    head: Linear,
}

struct Rollout {
    logps: Vec<Tensor<1>>,
    advantages: Vec<f32>,
}

impl Rollout {
    fn normalised(&self) -> Vec<f32> {
        let n = self.advantages.len() as f32;
        let mean = self.advantages.iter().sum::<f32>() / n;
        let mut out = Vec::new();
        for k in 0..self.advantages.len() {
            out.push(self.advantages[k] - mean);
        }
        out
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(8);
    let mut actor = Actor { head: LinearConfig::new(3, 3).init(&device) };
    let mut optim = SgdConfig::new().init();
    let obs = [[1.0, 0.0, 0.5], [0.0, 1.0, -0.5], [0.5, 0.5, 0.5]];
    let adv = [0.8, -0.3, 0.4];

    let mut rollout = Rollout { logps: Vec::new(), advantages: Vec::new() };
    for round in 0..3 {
        for k in 0..3 {
            let o = Tensor::<2>::from_floats([obs[k]], &device);
            let probs = activation::log_softmax(actor.head.forward(o), 1);
            let taken = probs.narrow(1, (k + round) % 3, 1);
            let flat = taken.reshape([1]);
            rollout.logps.push(flat);
            rollout.advantages.push(adv[k]);
        }
        let weights = rollout.normalised();
        let mut objective = Tensor::<1>::zeros([1], &device);
        for (logp, w) in rollout.logps.iter().zip(weights.iter()) {
            objective = objective - logp.clone() * *w;
        }
        println!("round {round}: objective = {}", objective.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(objective.backward(), &actor);
        actor = optim.step(0.1, actor, grads);
        rollout.logps.clear();
        rollout.advantages.clear();
    }
}
