//! A tracker that keeps what it saw last in a field of its own, written by its `observe`
//! method; the model learns to score each frame against that memory.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Scorer {
    embed: Linear,
    score: Linear,
}

struct Tracker {
    last: Tensor<2>,
    seen: usize,
}

impl Tracker {
    fn observe(&mut self, net: &Scorer, frame: Tensor<2>) -> Tensor<2> {
        let feat = net.embed.forward(frame).tanh();
        let score = net.score.forward(feat.clone() - self.last.clone());
        self.seen += 1;
        self.last = feat.clone();
        score
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(17);
    let mut net = Scorer {
        embed: LinearConfig::new(2, 4).init(&device),
        score: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let mut tracker = Tracker { last: Tensor::zeros([1, 4], &device), seen: 0 };
    let frames = [[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]];
    for frame in frames {
        let frame = Tensor::<2>::from_floats([frame], &device);
        let score = tracker.observe(&net, frame);
        let loss = (score - 1.0).abs().mean();
        println!("frame {}: loss {}", tracker.seen, loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.01, net, grads);
    }
}
