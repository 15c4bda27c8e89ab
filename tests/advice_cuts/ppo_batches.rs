//! PPO over two batches: the behaviour policy's log-probabilities are taken once per batch, then
//! three epochs of clipped updates read them.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, AdamConfig},
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
    device.seed(11);
    let mut policy = Policy { head: LinearConfig::new(3, 2).init(&device) };
    let mut optim = AdamConfig::new().init();
    let taken = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0]], &device);
    let adv = Tensor::<1>::from_floats([0.8, -0.4], &device);
    for batch in 0..2 {
        let obs = Tensor::<2>::from_floats([[0.5, -1.0, 0.25 * batch as f32], [1.0, 0.0, -0.5]], &device);
        let old_logp = (policy.forward(obs.clone()) * taken.clone()).sum_dim(1).squeeze::<1>();
        for epoch in 0..3 {
            let logp = (policy.forward(obs.clone()) * taken.clone()).sum_dim(1).squeeze::<1>();
            let ratio = (logp - old_logp.clone()).exp();
            let clipped = ratio.clone().clamp(0.8, 1.2);
            let loss = -(ratio * adv.clone()).min_pair(clipped * adv.clone()).mean();
            println!("batch {batch} epoch {epoch}: loss = {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &policy);
            policy = optim.step(0.05, policy, grads);
        }
    }
}
