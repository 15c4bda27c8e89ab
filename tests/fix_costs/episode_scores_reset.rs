//! A policy-gradient learner whose trajectory's `reset` empties the baselines but forgets the
//! scores: the second round's loss reads the first round's score, whose step the first
//! backward consumed. Detached where it is pushed, the score is a constant and `agent.policy`
//! learns nothing; emptied in `reset` beside the baselines, every gradient is kept.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Agent {
    policy: Linear,
    value: Linear,
}

struct Trajectory {
    scores: Vec<Tensor<1>>,
    baselines: Vec<Tensor<1>>,
}

impl Trajectory {
    fn reset(&mut self) {
        self.baselines.clear();
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut agent = Agent {
        policy: LinearConfig::new(2, 1).init(&device),
        value: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let mut traj = Trajectory { scores: Vec::new(), baselines: Vec::new() };
    for round in 0..2 {
        let s = Tensor::<2>::from_floats([[1.0, 0.5]], &device);
        let score = agent.policy.forward(s.clone()).reshape([1]);
        traj.scores.push(score);
        traj.baselines.push(agent.value.forward(s).reshape([1]));
        let mut loss = Tensor::<1>::zeros([1], &device);
        for (p, b) in traj.scores.iter().zip(traj.baselines.iter()) {
            loss = loss + p.clone() * b.clone().detach() + b.clone().powf_scalar(2.0);
        }
        println!("{round}: {:.4}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &agent);
        agent = optim.step(0.1, agent, grads);
        traj.reset();
    }
}
