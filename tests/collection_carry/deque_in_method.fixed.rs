//! A recurrent tagger whose per-layer states are kept by the model wrapper and replaced in its
//! `advance` method each token.
use std::collections::VecDeque;

use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    first: Linear,
    second: Linear,
    tag: Linear,
}

struct Tagger {
    net: Net,
    memory: VecDeque<Tensor<2>>,
}

impl Tagger {
    fn advance(&mut self, token: Tensor<2>) -> Tensor<2> {
        let a = self.net.first.forward(token + self.memory[0].clone()).tanh();
        let b = self.net.second.forward(a.clone() + self.memory[1].clone()).tanh();
        let mut next = VecDeque::new();
        next.push_back(a);
        next.push_back(b.clone());
        self.memory = next.into_iter().map(|t| t.detach()).collect::<VecDeque<_>>();
        self.net.tag.forward(b)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(11);
    let net = Net {
        first: LinearConfig::new(3, 3).init(&device),
        second: LinearConfig::new(3, 3).init(&device),
        tag: LinearConfig::new(3, 2).init(&device),
    };
    let zeros = Tensor::<2>::zeros([1, 3], &device);
    let mut tagger = Tagger { net, memory: VecDeque::from(vec![zeros.clone(), zeros]) };
    let mut optim = SgdConfig::new().init();
    let tokens = Tensor::<2>::from_floats([[0.2, 0.1, 0.0], [0.0, 0.3, 0.9], [0.5, 0.5, 0.1]], &device);
    let gold = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]], &device);
    for t in 0..3 {
        let scores = tagger.advance(tokens.clone().slice([t..t + 1, 0..3]));
        let loss = (scores - gold.clone().slice([t..t + 1, 0..2])).abs().sum();
        println!("token {t}: {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &tagger.net);
        tagger.net = optim.step(0.1, tagger.net, grads);
    }
}
