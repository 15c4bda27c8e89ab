//! Older `Tensor<B, D>` style. TD regression: every third step a snapshot of the online network
//! is taken and a helper computes the bootstrap targets from it; the targets serve until the
//! next snapshot.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Critic<B: Backend> {
    l1: Linear<B>,
    l2: Linear<B>,
}

impl<B: Backend> Critic<B> {
    fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.l2.forward(self.l1.forward(x).tanh())
    }
}

fn td_targets(net: &Critic<B>, next: Tensor<B, 2>, reward: Tensor<B, 2>) -> Tensor<B, 2> {
    reward + net.forward(next).mul_scalar(0.8)
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 303);
    let mut online: Critic<B> = Critic {
        l1: LinearConfig::new(2, 3).init(&device),
        l2: LinearConfig::new(3, 1).init(&device),
    };
    let mut sgd = SgdConfig::new().init();
    let obs = Tensor::<B, 2>::from_floats([[0.1, 0.2], [0.4, -0.3]], &device);
    let next = Tensor::<B, 2>::from_floats([[0.2, 0.1], [-0.1, 0.5]], &device);
    let reward = Tensor::<B, 2>::from_floats([[1.0], [0.0]], &device);
    let mut bootstrap = Tensor::<B, 2>::zeros([2, 1], &device);
    for step in 0..5 {
        if step % 3 == 0 {
            let snapshot = online.clone();
            bootstrap = td_targets(&snapshot, next.clone(), reward.clone());
        }
        let value = online.forward(obs.clone());
        let loss = (value - bootstrap.clone()).powf_scalar(2.0).mean();
        println!("step {step}: {:.6}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &online);
        online = sgd.step(0.05, online, grads);
    }
}
