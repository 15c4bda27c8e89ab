//! An actor that keeps (state, action index, log-prob) triples and replays the last two.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, AdamConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Head {
    out: Linear,
}

impl Head {
    fn score(&self, s: Tensor<2>) -> Tensor<2> {
        self.out.forward(s).tanh()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(13);
    let mut head = Head { out: LinearConfig::new(3, 2).init(&device) };
    let mut adam = AdamConfig::new().init();
    let mut trail: Vec<(Tensor<2>, usize, Tensor<2>)> = Vec::new();
    for step in 0..4 {
        let s = Tensor::<2>::from_floats([[0.1 * step as f32, 0.5, -0.5]], &device);
        let scored = head.score(s.clone());
        trail.push((s, step % 2, scored));
        if trail.len() < 2 {
            continue;
        }
        let k = trail.len();
        let (_, i, last) = trail[k - 1].clone();
        let (_, j, before) = trail[k - 2].clone();
        let loss = last.narrow(1, i, 1).sum() + before.narrow(1, j, 1).sum();
        println!("step {step}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &head);
        head = adam.step(0.01, head, grads);
    }
}
