//! PPO minibatches: the behaviour log-probs of the whole rollout are taken once, and each
//! minibatch reads its rows with narrow.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::log_softmax,
};

#[derive(Module, Debug)]
struct Policy {
    head: Linear,
}

impl Policy {
    fn forward(&self, obs: Tensor<2>) -> Tensor<2> {
        log_softmax(self.head.forward(obs), 1)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut policy = Policy { head: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let obs = Tensor::<2>::from_floats([[0.5, -1.0], [1.0, 0.0], [0.2, 0.2], [-0.3, 0.9]], &device);
    let taken = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0], [0.0, 1.0], [1.0, 0.0]], &device);
    let adv = Tensor::<2>::from_floats([[1.0], [-0.5], [0.3], [0.7]], &device);
    let behaviour = policy.forward(obs.clone());
    for i in 0..2 {
        let logp = policy.forward(obs.clone().narrow(0, 2 * i, 2));
        let old = behaviour.clone().narrow(0, 2 * i, 2);
        let ratio = ((logp - old) * taken.clone().narrow(0, 2 * i, 2)).sum_dim(1).exp();
        let loss = (ratio * adv.clone().narrow(0, 2 * i, 2)).mean().neg();
        println!("minibatch {i}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &policy);
        policy = optim.step(0.1, policy, grads);
    }
}
