//! Fixed by hand: the two losses added and backpropagated once, into the one step.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct ActorCritic {
    body: Linear,
    policy: Linear,
    value: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(7);
    let mut ac = ActorCritic {
        body: LinearConfig::new(3, 5).init(&device),
        policy: LinearConfig::new(5, 2).init(&device),
        value: LinearConfig::new(5, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let obs = Tensor::<2>::from_floats([[0.1, 0.9, -0.3], [0.7, -0.2, 0.4]], &device);
    let advantages = Tensor::<2>::from_floats([[0.5, -0.25], [-0.5, 1.0]], &device);
    let returns = Tensor::<2>::from_floats([[1.0], [0.5]], &device);

    for update in 0..3 {
        let feats = activation::relu(ac.body.forward(obs.clone()));
        let log_probs = burn::tensor::activation::log_softmax(ac.policy.forward(feats.clone()), 1);
        let policy_loss = (log_probs * advantages.clone()).mean().neg();
        let value_loss = (ac.value.forward(feats) - returns.clone()).powf_scalar(2.0).mean();
        println!("update {update}: {} {}", policy_loss.clone().into_scalar::<f32>(), value_loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads((policy_loss + value_loss).backward(), &ac);
        ac = optim.step(0.01, ac, grads);
    }
}
