//! Incremental decoding with past keys kept in a Vec (pushed every step, concatenated for the
//! attention), with a loss and an update per generated token.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation,
};

#[derive(Module, Debug)]
pub struct Decoder {
    key: Linear,
    query: Linear,
    out: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(79);
    let mut dec = Decoder {
        key: LinearConfig::new(3, 3).init(&device),
        query: LinearConfig::new(3, 3).init(&device),
        out: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let tokens = Tensor::<2>::from_floats([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 1.0, 0.0]], &device);
    let targets = [0.5, 0.1, -0.3, 0.2];

    let mut past_keys: Vec<Tensor<2>> = Vec::new();
    for t in 0..4 {
        let tok = tokens.clone().narrow(0, t, 1);
        past_keys.push(dec.key.forward(tok.clone()));
        let keys = Tensor::cat(past_keys.clone(), 0);
        let att = activation::softmax(dec.query.forward(tok).matmul(keys.clone().transpose()), 1);
        let pred = dec.out.forward(att.matmul(keys));
        let loss = (pred - targets[t]).powf_scalar(2.0).sum();
        println!("t={t}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &dec);
        dec = optim.step(0.1, dec, grads);
    }
}
