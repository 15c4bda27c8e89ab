// Panics (hand derivation): an A2C agent in the `Tensor<B, D>` style. `act` makes each step's
// `log_prob` and pushes it into `self.log_probs`; `update` (called inside `println!`) zips the
// log-probs with the values and rewards, backpropagates, steps, and calls `clear`, which empties
// the values and rewards but not the log-probs. Episode 1's zip takes episode 0's log-probs
// first, whose steps episode 0's backward consumed: its backward panics. What carries them is
// `agent.log_probs` (not `act`'s local `log_prob`). Fix by hand: `self.log_probs.clear();` in
// `clear`, reached through `update`. Detaching `log_prob` where `act` pushes it would leave
// `model.actor` no gradient (its only term is `log_prob * advantage.detach()`).
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::adaptor::OptimizerAdaptor;
use burn::optim::{Adam, AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::activation::log_softmax;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct ActorCritic<B: Backend> {
    actor: Linear<B>,
    critic: Linear<B>,
}

pub struct Agent<B: AutodiffBackend> {
    model: ActorCritic<B>,
    optim: OptimizerAdaptor<Adam, ActorCritic<B>, B>,
    log_probs: Vec<Tensor<B, 1>>,
    values: Vec<Tensor<B, 1>>,
    rewards: Vec<f32>,
}

impl<B: AutodiffBackend> Agent<B> {
    pub fn act(&mut self, state: Tensor<B, 2>) {
        let logits = self.model.actor.forward(state.clone());
        let log_prob = log_softmax(logits, 1).slice([0..1, 0..1]).reshape([1]);
        self.log_probs.push(log_prob);
        self.values.push(self.model.critic.forward(state).reshape([1]));
    }

    pub fn update(&mut self, device: &B::Device) -> f32 {
        let mut loss = Tensor::<B, 1>::zeros([1], device);
        for ((log_prob, value), reward) in
            self.log_probs.iter().zip(self.values.iter()).zip(self.rewards.iter())
        {
            let advantage = value.clone().neg().add_scalar(*reward);
            loss = loss - log_prob.clone() * advantage.clone().detach() + advantage.powf_scalar(2.0);
        }
        let shown: f32 = loss.clone().into_scalar().elem();
        let grads = GradientsParams::from_grads(loss.backward(), &self.model);
        self.model = self.optim.step(1e-2, self.model.clone(), grads);
        self.clear();
        shown
    }

    fn clear(&mut self) {
        self.values.clear();
        self.rewards.clear();
        self.log_probs.clear();
    }
}

type B = Autodiff<NdArray>;

fn main() {
    let device = Default::default();
    B::seed(&device, 21);
    let model = ActorCritic {
        actor: LinearConfig::new(2, 2).init(&device),
        critic: LinearConfig::new(2, 1).init(&device),
    };
    let mut agent: Agent<B> = Agent {
        model,
        optim: AdamConfig::new().init(),
        log_probs: Vec::new(),
        values: Vec::new(),
        rewards: Vec::new(),
    };
    for episode in 0..3 {
        for t in 0..2 {
            agent.act(Tensor::<B, 2>::from_floats([[1.0, 0.5 * t as f32]], &device));
            agent.rewards.push(1.0 - 0.25 * t as f32);
        }
        println!("episode {episode}: loss {:.4}", agent.update(&device));
    }
}
