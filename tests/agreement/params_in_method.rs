// A trainer's method computes features once from its own encoder, then loops: the 2nd pass
// panics at `feats` inside the method, before `main` runs another statement. The encoder's
// parameters, first read in the method, are named by their path from `self` there
// (self.encoder.fc1.weight, self.encoder.fc1.bias), never by a bare NodeId.
use burn::{
    nn::{Linear, LinearConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Encoder {
    fc1: Linear,
}

struct Trainer {
    encoder: Encoder,
    head: Linear,
}

impl Trainer {
    fn train(&self, x: Tensor<2>) {
        let feats = self.encoder.fc1.forward(x).tanh();
        for step in 0..2 {
            let loss = self.head.forward(feats.clone()).sum();
            let grads = loss.backward();
            println!("{step}: {:?}", self.head.weight.grad(&grads).is_some());
        }
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let trainer = Trainer {
        encoder: Encoder { fc1: LinearConfig::new(2, 3).init(&device) },
        head: LinearConfig::new(3, 1).init(&device),
    };
    let x = Tensor::<2>::from_floats([[1.0, -1.0], [0.5, 2.0]], &device);
    trainer.train(x);
}
