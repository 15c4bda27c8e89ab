//! A replay buffer struct of transitions (the critic's value kept with its return); `push`
//! appends one, `recent` gives the last two back, and the loss regresses them.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Critic {
    v: Linear,
}

#[derive(Clone)]
struct Transition {
    value: Tensor<2>,
    ret: f32,
}

struct Replay {
    items: Vec<Transition>,
}

impl Replay {
    fn push(&mut self, t: Transition) {
        self.items.push(t);
    }

    fn recent(&self) -> Vec<Transition> {
        let n = self.items.len();
        self.items[n.saturating_sub(2)..].to_vec()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(14);
    let mut critic = Critic { v: LinearConfig::new(2, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let mut replay = Replay { items: Vec::new() };
    for t in 0..4 {
        let obs = Tensor::<2>::from_floats([[0.5, 0.25 * t as f32]], &device);
        let value = critic.v.forward(obs);
        replay.push(Transition { value, ret: 1.0 });
        let mut loss = Tensor::<1>::zeros([1], &device);
        for tr in replay.recent() {
            loss = loss + tr.value.sub_scalar(tr.ret).powf_scalar(2.0).sum();
        }
        println!("t {t}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &critic);
        critic = sgd.step(0.1, critic, grads);
    }
}
