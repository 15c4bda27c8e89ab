// Panics (hand derivation): the critic and the actor are stepped by backwards of their own, and
// `buf.clear()` runs between them: it empties the values and rewards (the critic's loss is
// already built) but not `self.log_probs`. Episode 1's actor loss zips `buf.log_probs` (episode
// 0's two first) with the fresh values: the loop's 4th backward (episode 1's actor's) panics at
// a log-prob whose step episode 0's actor backward (the 2nd) consumed; the critic's backwards
// run. Fix by hand: `self.log_probs.clear();` in `clear`; the actor loss is a tensor built
// before it, so its backward is unchanged.
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
    let mut actor_optim = AdamConfig::new().init();
    let mut buf = Rollout { log_probs: Vec::new(), values: Vec::new(), rewards: Vec::new() };
    for episode in 0..3 {
        for t in 0..2 {
            let s = Tensor::<2>::from_floats([[0.1 * t as f32, 0.5, -0.2]], &device);
            let lp = log_softmax(ac.actor.forward(s.clone()), 1).slice([0..1, 0..1]).reshape([1]);
            let v = ac.critic.forward(s).reshape([1]);
            buf.record(lp, v, 1.0 - 0.5 * t as f32);
        }
        let mut actor_loss = Tensor::<1>::zeros([1], &device);
        let mut critic_loss = Tensor::<1>::zeros([1], &device);
        for ((lp, v), r) in buf.log_probs.iter().zip(buf.values.iter()).zip(buf.rewards.iter()) {
            let adv = v.clone().neg().add_scalar(*r);
            actor_loss = actor_loss - lp.clone() * adv.clone().detach();
            critic_loss = critic_loss + adv.powf_scalar(2.0);
        }
        println!(
            "episode {episode}: actor {:.4} critic {:.4}",
            actor_loss.clone().into_scalar::<f32>(),
            critic_loss.clone().into_scalar::<f32>()
        );
        let grads = GradientsParams::from_grads(critic_loss.backward(), &ac.critic);
        ac.critic = optim.step(1e-2, ac.critic, grads);
        buf.clear();
        let grads = GradientsParams::from_grads(actor_loss.backward(), &ac.actor);
        ac.actor = actor_optim.step(1e-2, ac.actor, grads);
    }
}
