//! DQN-style training from a small replay buffer. Each transition keeps the Q-values the
//! network produced when it acted; training replays the two most recent transitions and
//! regresses the chosen action's Q-value onto the reward.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct QNet<B: Backend> {
    fc: Linear<B>,
}

impl<B: Backend> QNet<B> {
    fn forward(&self, state: Tensor<B, 2>) -> Tensor<B, 2> {
        self.fc.forward(state)
    }
}

struct Transition<B: Backend> {
    q_values: Tensor<B, 2>,
    action: usize,
    reward: f32,
}

fn td_loss<B: Backend>(batch: &[Transition<B>], device: &B::Device) -> Tensor<B, 1> {
    let mut loss = Tensor::<B, 1>::zeros([1], device);
    for tr in batch {
        let q_a = tr.q_values.clone().slice([0..1, tr.action..tr.action + 1]).reshape([1]);
        loss = loss + (q_a - tr.reward).powf_scalar(2.0);
    }
    loss / (batch.len() as f32)
}

fn main() {
    let device = Default::default();
    B::seed(&device, 7);
    let mut net: QNet<B> = QNet { fc: LinearConfig::new(3, 2).init(&device) };
    let mut optim = AdamConfig::new().init();
    let observations = [
        [0.1, 0.5, -0.2],
        [0.4, -0.3, 0.9],
        [-0.7, 0.2, 0.3],
        [0.0, 0.8, -0.5],
        [0.6, 0.6, 0.1],
    ];
    let mut buffer: Vec<Transition<B>> = Vec::new();
    for t in 0..observations.len() {
        let state = Tensor::<B, 2>::from_floats([observations[t]], &device);
        let q = net.forward(state);
        let action = t % 2;
        let reward = if action == 0 { 1.0 } else { -0.5 };
        buffer.push(Transition { q_values: q, action, reward });
        if buffer.len() > 3 {
            buffer.remove(0);
        }
        if buffer.len() < 2 {
            continue;
        }
        let recent = &buffer[buffer.len() - 2..];
        let loss = td_loss(recent, &device);
        println!("t {t}: td loss = {:.6}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(1e-2, net, grads);
    }
}
