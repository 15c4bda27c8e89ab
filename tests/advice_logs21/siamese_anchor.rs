//! A Siamese encoder trained with a contrastive loss; each epoch embeds the anchor once and
//! compares it with every candidate, one update per pair.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Encoder {
    fc1: Linear,
    fc2: Linear,
}

impl Encoder {
    pub fn embed(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc2.forward(self.fc1.forward(x).tanh())
    }
}

fn contrastive(a: Tensor<2>, b: Tensor<2>, same: bool, margin: f32) -> Tensor<1> {
    let d2 = (a - b).powf_scalar(2.0).sum();
    if same {
        d2
    } else {
        (d2.neg() + margin).clamp_min(0.0)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(31);
    let mut enc = Encoder {
        fc1: LinearConfig::new(3, 4).init(&device),
        fc2: LinearConfig::new(4, 2).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let anchor = Tensor::<2>::from_floats([[1.0, 0.5, 0.0]], &device);
    let candidates = vec![
        (Tensor::<2>::from_floats([[0.9, 0.6, 0.1]], &device), true),
        (Tensor::<2>::from_floats([[-1.0, 0.0, 1.0]], &device), false),
        (Tensor::<2>::from_floats([[1.1, 0.4, -0.1]], &device), true),
    ];

    for epoch in 0..2 {
        let anchor_emb = enc.embed(anchor.clone());
        for (i, (cand, same)) in candidates.iter().enumerate() {
            let emb = enc.embed(cand.clone());
            let loss = contrastive(anchor_emb.clone(), emb, *same, 2.0);
            println!("epoch {epoch} pair {i}: loss = {}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &enc);
            enc = optim.step(0.05, enc, grads);
        }
    }
}
