//! Contrastive memory: positive and negative embeddings are appended to two banks each step and
//! the loss compares the query with both whole banks.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Encoder {
    proj: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut enc = Encoder { proj: LinearConfig::new(3, 2).init(&device) };
    let mut optim = AdamConfig::new().init();
    let anchors = Tensor::<2>::from_floats([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], &device);
    let positives = Tensor::<2>::from_floats([[0.9, 0.1, 0.0], [0.1, 0.8, 0.1], [0.0, 0.2, 0.9]], &device);
    let negatives = Tensor::<2>::from_floats([[0.0, 1.0, 1.0], [1.0, 0.0, 1.0], [1.0, 1.0, 0.0]], &device);

    let mut bank_pos = enc.proj.forward(positives.clone().narrow(0, 0, 1)).detach();
    let mut bank_neg = enc.proj.forward(negatives.clone().narrow(0, 0, 1)).detach();
    for i in 1..3 {
        let q = enc.proj.forward(anchors.clone().narrow(0, i, 1));
        bank_pos = Tensor::cat(vec![bank_pos, enc.proj.forward(positives.clone().narrow(0, i, 1))], 0);
        bank_neg = Tensor::cat(vec![bank_neg, enc.proj.forward(negatives.clone().narrow(0, i, 1))], 0);
        let pos = q.clone().matmul(bank_pos.clone().transpose()).mean();
        let neg = q.matmul(bank_neg.clone().transpose()).mean();
        let loss = neg - pos;
        println!("pair {i}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &enc);
        enc = optim.step(0.01, enc, grads);
        bank_pos = bank_pos.detach();
        bank_neg = bank_neg.detach();
    }
}
