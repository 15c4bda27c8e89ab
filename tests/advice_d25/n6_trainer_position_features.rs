//! A sequence regressor with learned position features; the trainer computes the position features
//! once when it is built and adds them to every sequence.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation::relu,
};

#[derive(Module, Debug)]
struct SeqModel {
    pos: Linear,
    enc: Linear,
    head: Linear,
}

struct Trainer {
    model: SeqModel,
    pos_feats: Tensor<2>,
}

impl Trainer {
    fn new(model: SeqModel, device: &Device) -> Self {
        let positions = Tensor::<2>::from_floats([[0.0], [0.5], [1.0]], device);
        let pos_feats = model.pos.forward(positions).tanh();
        Trainer { model, pos_feats }
    }

    fn loss(&self, seq: Tensor<2>, target: Tensor<2>) -> Tensor<1> {
        let h = self.model.enc.forward(seq) + self.pos_feats.clone();
        let out = self.model.head.forward(relu(h)).mean_dim(0);
        (out - target).powf_scalar(2.0).mean()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(131);
    let model = SeqModel {
        pos: LinearConfig::new(1, 4).init(&device),
        enc: LinearConfig::new(2, 4).init(&device),
        head: LinearConfig::new(4, 1).init(&device),
    };
    let mut trainer = Trainer::new(model, &device);
    let mut optim = AdamConfig::new().init();
    let seqs = vec![
        Tensor::<2>::from_floats([[0.1, 0.0], [0.2, 0.1], [0.3, 0.3]], &device),
        Tensor::<2>::from_floats([[0.9, 0.5], [0.4, 0.4], [0.0, 0.2]], &device),
    ];
    let targets = vec![
        Tensor::<2>::from_floats([[0.5]], &device),
        Tensor::<2>::from_floats([[-0.5]], &device),
    ];

    for epoch in 0..2 {
        for i in 0..2 {
            let loss = trainer.loss(seqs[i].clone(), targets[i].clone());
            println!("epoch {epoch} seq {i}: {:.5}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &trainer.model);
            trainer.model = optim.step(1e-2, trainer.model, grads);
        }
    }
}
