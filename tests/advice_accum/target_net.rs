//! Fitted Q-iteration with a target network: the targets are computed from a frozen copy of the
//! Q-network once per sync, then the online network is fitted to them for a few steps.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct QNet {
    fc: Linear,
    head: Linear,
}

impl QNet {
    fn forward(&self, s: Tensor<2>) -> Tensor<2> {
        self.head.forward(activation::relu(self.fc.forward(s)))
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(77);
    let mut online = QNet {
        fc: LinearConfig::new(2, 6).init(&device),
        head: LinearConfig::new(6, 2).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let states = Tensor::<2>::from_floats([[0.0, 0.5], [0.5, 1.0], [1.0, -0.5]], &device);
    let next_states = Tensor::<2>::from_floats([[0.5, 1.0], [1.0, -0.5], [0.0, 0.0]], &device);
    let rewards = Tensor::<2>::from_floats([[0.0], [1.0], [-1.0]], &device);
    let taken = Tensor::<2, Int>::from_ints([[1], [0], [1]], &device);
    for sync in 0..2 {
        let target_net = online.clone();
        let best_next = target_net.forward(next_states.clone()).max_dim(1);
        let targets = rewards.clone() + best_next * 0.9;
        for fit in 0..3 {
            let q = online.forward(states.clone()).gather(1, taken.clone());
            let loss = (q - targets.clone()).powf_scalar(2.0).mean();
            println!("sync {sync} fit {fit}: td loss {}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &online);
            online = optim.step(1e-2, online, grads);
        }
    }
}
