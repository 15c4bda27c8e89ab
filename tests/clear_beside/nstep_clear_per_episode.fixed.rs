// Panics (hand derivation): n-step actor-critic, an update every 2 steps of a 4-step episode.
// `Rollout::clear` empties every field, but the loop calls it once per episode, after its
// steps, not after each update's backward. At t = 3 the update's zip walks the four entries of
// `buf.log_probs` and `buf.values`, t = 0 and 1 first, whose steps the update at t = 1
// consumed: the second backward panics (at a log-prob or a value: both fields carry them).
// Fix by hand: `buf.clear();` after the update, inside the `if` that runs the backward; every
// update then walks its own two steps, and the first update's gradients are unchanged.
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
        self.log_probs.clear();
        self.values.clear();
        self.rewards.clear();
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(4);
    let mut ac = ActorCritic {
        actor: LinearConfig::new(2, 2).init(&device),
        critic: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let mut buf = Rollout { log_probs: Vec::new(), values: Vec::new(), rewards: Vec::new() };
    for episode in 0..2 {
        for t in 0..4 {
            let s = Tensor::<2>::from_floats([[1.0, 0.25 * t as f32]], &device);
            let lp = log_softmax(ac.actor.forward(s.clone()), 1).slice([0..1, 0..1]).reshape([1]);
            buf.log_probs.push(lp);
            buf.values.push(ac.critic.forward(s).reshape([1]));
            buf.rewards.push(1.0);
            if (t + 1) % 2 == 0 {
                let mut loss = Tensor::<1>::zeros([1], &device);
                for ((lp, v), r) in buf.log_probs.iter().zip(buf.values.iter()).zip(buf.rewards.iter()) {
                    let adv = v.clone().neg().add_scalar(*r);
                    loss = loss - lp.clone() * adv.clone().detach() + adv.powf_scalar(2.0);
                }
                println!("episode {episode} step {t}: {:.4}", loss.clone().into_scalar::<f32>());
                let grads = GradientsParams::from_grads(loss.backward(), &ac);
                ac = optim.step(1e-2, ac, grads);
                buf.clear();
            }
        }
        buf.clear();
    }
}
