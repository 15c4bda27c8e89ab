//! A DQN-style fit: each round copies the Q-network (`frozen`), computes the bootstrapped
//! targets of a small batch with it in every step, then takes two optimizer steps on the online network.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Critic {
    hidden: Linear,
    out: Linear,
}

impl Critic {
    fn forward(&self, s: Tensor<2>) -> Tensor<2> {
        self.out.forward(self.hidden.forward(s).tanh())
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(31);
    let mut critic = Critic {
        hidden: LinearConfig::new(3, 4).init(&device),
        out: LinearConfig::new(4, 2).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let obs = Tensor::<2>::from_floats([[0.1, 0.2, 0.3], [0.9, -0.1, 0.4]], &device);
    let next_obs = Tensor::<2>::from_floats([[0.2, 0.2, 0.1], [0.0, 0.5, -0.4]], &device);
    let reward = Tensor::<2>::from_floats([[1.0], [0.0]], &device);
    let action = Tensor::<2, Int>::from_ints([[0], [1]], &device);
    for round in 0..2 {
        let frozen = critic.clone();
        for step in 0..2 {
            let bootstrap = frozen.forward(next_obs.clone()).max_dim(1).mul_scalar(0.95);
            let target = reward.clone() + bootstrap;
            let q = critic.forward(obs.clone()).gather(1, action.clone());
            let td = (q - target.clone()).powf_scalar(2.0).mean();
            println!("round {round} step {step}: td {}", td.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(td.backward(), &critic);
            critic = optim.step(0.1, critic, grads);
        }
    }
}
