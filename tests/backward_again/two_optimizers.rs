//! Encoder and head as separate modules with their own optimizers (Adam for the encoder, SGD for
//! the head); each optimizer gets the gradients of its own module.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::relu,
};

#[derive(Module, Debug)]
struct Encoder {
    fc: Linear,
}

#[derive(Module, Debug)]
struct Head {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(43);
    let mut encoder = Encoder { fc: LinearConfig::new(3, 4).init(&device) };
    let mut head = Head { fc: LinearConfig::new(4, 1).init(&device) };
    let mut opt_enc = AdamConfig::new().init();
    let mut opt_head = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, 0.1, -0.2], [0.3, 0.9, 0.4]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [-0.5]], &device);

    for epoch in 0..3 {
        let z = relu(encoder.fc.forward(x.clone()));
        let pred = head.fc.forward(z);
        let loss = (pred - y.clone()).powf_scalar(2.0).mean();
        println!("epoch {epoch}: loss = {:.5}", loss.clone().into_scalar::<f32>());
        let enc_grads = GradientsParams::from_grads(loss.backward(), &encoder);
        encoder = opt_enc.step(1e-3, encoder, enc_grads);
        let head_grads = GradientsParams::from_grads(loss.backward(), &head);
        head = opt_head.step(1e-2, head, head_grads);
    }
}
