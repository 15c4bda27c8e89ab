//! Value iteration with a frozen copy: every sweep copies the critic, scores the next states
//! with the copy's `value` once, and fits the critic to those targets for a few steps.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Critic {
    body: Linear,
    out: Linear,
}

impl Critic {
    fn value(&self, s: Tensor<2>) -> Tensor<2> {
        self.out.forward(self.body.forward(s).tanh())
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(9);
    let mut critic = Critic {
        body: LinearConfig::new(2, 5).init(&device),
        out: LinearConfig::new(5, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let now = Tensor::<2>::from_floats([[0.0, 1.0], [1.0, 1.0], [-1.0, 0.5], [0.5, -0.5]], &device);
    let after = Tensor::<2>::from_floats([[1.0, 1.0], [-1.0, 0.5], [0.5, -0.5], [0.0, 0.0]], &device);
    let reward = Tensor::<2>::from_floats([[0.5], [0.0], [1.0], [-0.5]], &device);
    for sweep in 0..2 {
        let frozen = critic.clone();
        let goal = reward.clone() + frozen.value(after.clone()).mul_scalar(0.95);
        for step in 0..3 {
            let loss = (critic.value(now.clone()) - goal.clone()).powf_scalar(2.0).mean();
            println!("sweep {sweep} step {step}: {}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &critic);
            critic = optim.step(0.05, critic, grads);
        }
    }
}
