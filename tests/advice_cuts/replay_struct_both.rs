//! A replay list of transitions that keep both the observation and the log-prob taken; the
//! loss replays the last two.
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

struct Transition {
    obs: Tensor<2>,
    log_prob: Tensor<2>,
    reward: f32,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(17);
    let mut policy = Policy { head: LinearConfig::new(2, 2).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let mut replay: Vec<Transition> = Vec::new();
    for t in 0..4 {
        let obs = Tensor::<2>::from_floats([[0.4, 0.2 * t as f32]], &device);
        let log_prob = policy.forward(obs.clone());
        replay.push(Transition { obs, log_prob, reward: 1.0 - 0.25 * t as f32 });
        if replay.len() < 2 {
            continue;
        }
        let n = replay.len();
        let mut loss = Tensor::<1>::zeros([1], &device);
        for tr in &replay[n - 2..] {
            loss = loss - tr.log_prob.clone().sum().mul_scalar(tr.reward);
        }
        println!("t {t}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &policy);
        policy = sgd.step(0.1, policy, grads);
    }
}
