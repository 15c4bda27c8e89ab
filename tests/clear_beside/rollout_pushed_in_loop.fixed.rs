// Panics (hand derivation): the loop pushes each step's `lp` into `buf.log_probs` itself and
// calls `buf.clear()` after the update, which empties `self.values` and `self.rewards` only.
// Episode 1's `for ((lp, v), r)` walk takes episode 0's log-probs first, whose steps episode 0's
// backward consumed: its backward panics. What carries them into the next episode is the field
// `buf.log_probs`, not `lp` (a new binding each step; `lp = lp.detach();` would not compile).
// Fix by hand: `self.log_probs.clear();` in `clear`, beside the other two.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation::log_softmax,
};

#[derive(Module, Debug)]
struct ActorCritic {
    actor: Linear,
    critic: Linear,
}

struct Rollout {
    log_probs: Vec<Tensor<1>>,
    values: Vec<Tensor<1>>,
    rewards: Vec<f32>,
}

impl Rollout {
    fn clear(&mut self) {
        self.values.clear();
        self.rewards.clear();
        self.log_probs.clear();
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(11);
    let mut ac = ActorCritic {
        actor: LinearConfig::new(3, 2).init(&device),
        critic: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let mut buf = Rollout { log_probs: Vec::new(), values: Vec::new(), rewards: Vec::new() };
    for episode in 0..3 {
        for t in 0..2 {
            let s = Tensor::<2>::from_floats([[0.1 * t as f32, 0.5, -0.2]], &device);
            let lp = log_softmax(ac.actor.forward(s.clone()), 1).slice([0..1, 0..1]).reshape([1]);
            let v = ac.critic.forward(s).reshape([1]);
            buf.log_probs.push(lp);
            buf.values.push(v);
            buf.rewards.push(1.0 - 0.5 * t as f32);
        }
        let mut loss = Tensor::<1>::zeros([1], &device);
        for ((lp, v), r) in buf.log_probs.iter().zip(buf.values.iter()).zip(buf.rewards.iter()) {
            let adv = v.clone().neg().add_scalar(*r);
            loss = loss - lp.clone() * adv.clone().detach() + adv.powf_scalar(2.0);
        }
        println!("episode {episode}: loss {:.4}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &ac);
        ac = optim.step(1e-2, ac, grads);
        buf.clear();
    }
}
