// Panics (hand derivation): `Rollout::record` pushes each step's log-prob, value and reward,
// and nothing ever empties the rollout (no method for it, no `clear()` in the loop). Episode 1's
// zip takes episode 0's log-probs and values first, whose steps episode 0's backward consumed:
// its backward panics. Both `buf.log_probs` and `buf.values` carry them; emptying one alone
// still panics at the other. Fix by hand: empty the three `Vec`s `record` fills at the end of
// each episode, after the update (the rewards too, so that the zip stays in step).
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
    fn record(&mut self, log_prob: Tensor<1>, value: Tensor<1>, reward: f32) {
        self.log_probs.push(log_prob);
        self.values.push(value);
        self.rewards.push(reward);
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
            buf.record(lp, v, 1.0 - 0.5 * t as f32);
        }
        let mut loss = Tensor::<1>::zeros([1], &device);
        for ((lp, v), r) in buf.log_probs.iter().zip(buf.values.iter()).zip(buf.rewards.iter()) {
            let adv = v.clone().neg().add_scalar(*r);
            loss = loss - lp.clone() * adv.clone().detach() + adv.powf_scalar(2.0);
        }
        println!("episode {episode}: loss {:.4}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &ac);
        ac = optim.step(1e-2, ac, grads);
    }
}
