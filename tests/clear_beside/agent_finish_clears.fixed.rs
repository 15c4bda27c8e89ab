// Panics (hand derivation): the agent keeps its rollout in fields: `act` pushes each step's
// log-prob and value, `loss` zips them with the rewards, and `finish` (called after the update)
// counts the episode and calls `clear`, which empties the values and rewards but not
// `self.log_probs`. Episode 1's zip takes episode 0's two log-probs first, whose steps episode
// 0's backward consumed: its backward panics. `agent.log_probs` carries them. Fix by hand:
// `self.log_probs.clear();` in `clear` (reached through `finish`). Detaching the log-prob
// where `act` pushes it runs too, but is no fix: the actor's only term is `lp * adv.detach()`,
// so `ac.actor` (stepped through `agent.ac`) would get no gradient.
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

struct Agent {
    ac: ActorCritic,
    log_probs: Vec<Tensor<1>>,
    values: Vec<Tensor<1>>,
    rewards: Vec<f32>,
    episodes: usize,
}

impl Agent {
    fn act(&mut self, s: Tensor<2>) {
        let lp = log_softmax(self.ac.actor.forward(s.clone()), 1).slice([0..1, 1..2]).reshape([1]);
        self.log_probs.push(lp);
        self.values.push(self.ac.critic.forward(s).reshape([1]));
    }

    fn loss(&self, device: &Device) -> Tensor<1> {
        let mut loss = Tensor::<1>::zeros([1], device);
        for ((lp, v), r) in self.log_probs.iter().zip(self.values.iter()).zip(self.rewards.iter()) {
            let adv = v.clone().neg().add_scalar(*r);
            loss = loss - lp.clone() * adv.clone().detach() + adv.powf_scalar(2.0);
        }
        loss
    }

    fn clear(&mut self) {
        self.values.clear();
        self.rewards.clear();
        self.log_probs.clear();
    }

    fn finish(&mut self) {
        self.episodes += 1;
        self.clear();
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(7);
    let ac = ActorCritic {
        actor: LinearConfig::new(2, 2).init(&device),
        critic: LinearConfig::new(2, 1).init(&device),
    };
    let mut agent = Agent { ac, log_probs: Vec::new(), values: Vec::new(), rewards: Vec::new(), episodes: 0 };
    let mut optim = AdamConfig::new().init();
    for _ in 0..3 {
        for t in 0..2 {
            agent.act(Tensor::<2>::from_floats([[1.0, t as f32]], &device));
            agent.rewards.push(1.0);
        }
        let loss = agent.loss(&device);
        println!("episode {}: {:.4}", agent.episodes, loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &agent.ac);
        agent.ac = optim.step(1e-2, agent.ac.clone(), grads);
        agent.finish();
    }
}
