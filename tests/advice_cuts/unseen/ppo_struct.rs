//! PPO with a rollout struct: the behaviour log-probs are computed when the batch is built,
//! inside the outer loop, and every update epoch reads them.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::log_softmax,
};

#[derive(Module, Debug)]
struct Actor {
    fc: Linear,
}

impl Actor {
    fn log_probs(&self, obs: Tensor<2>) -> Tensor<2> {
        log_softmax(self.fc.forward(obs), 1)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(21);
    let mut actor = Actor { fc: LinearConfig::new(2, 3).init(&device) };
    let mut optim = SgdConfig::new().init();
    let onehot = Tensor::<2>::from_floats([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]], &device);
    let adv = Tensor::<2>::from_floats([[0.5], [-1.0]], &device);
    for iteration in 0..2 {
        let states = Tensor::<2>::from_floats([[0.1, iteration as f32], [0.7, -0.2]], &device);
        let behaviour = actor.log_probs(states.clone());
        for epoch in 0..2 {
            let current = actor.log_probs(states.clone());
            let ratio = ((current - behaviour.clone()) * onehot.clone()).sum_dim(1).exp();
            let loss = (ratio * adv.clone()).mean().neg();
            println!("{iteration}/{epoch}: {:.5}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &actor);
            actor = optim.step(0.2, actor, grads);
        }
    }
}
