//! Step-by-step attention over a growing key/value cache; a loss and an update at every step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation,
};

#[derive(Module, Debug)]
pub struct Attn {
    q: Linear,
    k: Linear,
    v: Linear,
    out: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(21);
    let mut attn = Attn {
        q: LinearConfig::new(4, 4).init(&device),
        k: LinearConfig::new(4, 4).init(&device),
        v: LinearConfig::new(4, 4).init(&device),
        out: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let tokens = Tensor::<2>::from_floats(
        [[1.0, 0.0, 0.0, 0.5], [0.0, 1.0, 0.0, -0.5], [0.0, 0.0, 1.0, 0.0], [0.5, 0.5, 0.5, 0.5]],
        &device,
    );
    let targets = [0.3, -0.2, 0.1, 0.4];

    let mut cache_k = attn.k.forward(tokens.clone().narrow(0, 0, 1)).detach();
    let mut cache_v = attn.v.forward(tokens.clone().narrow(0, 0, 1)).detach();
    for t in 1..4 {
        let tok = tokens.clone().narrow(0, t, 1);
        let q = attn.q.forward(tok.clone());
        let k = attn.k.forward(tok.clone());
        let v = attn.v.forward(tok);
        cache_k = Tensor::cat(vec![cache_k, k], 0);
        cache_v = Tensor::cat(vec![cache_v, v], 0);
        let scores = activation::softmax(q.matmul(cache_k.clone().transpose()) / 2.0, 1);
        let ctx = scores.matmul(cache_v.clone());
        let pred = attn.out.forward(ctx);
        let loss = (pred - targets[t]).powf_scalar(2.0).sum();
        println!("t={t}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &attn);
        attn = optim.step(0.01, attn, grads);
        cache_k = cache_k.detach();
        cache_v = cache_v.detach();
    }
}
