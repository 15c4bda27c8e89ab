//! Older style: a helper returns one loss per target head as a Vec; each is stepped in turn.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Heads<B: Backend> {
    shared: Linear<B>,
    left: Linear<B>,
    right: Linear<B>,
}

fn head_losses<B: Backend>(m: &Heads<B>, x: Tensor<B, 2>, y: Tensor<B, 2>) -> Vec<Tensor<B, 1>> {
    let h = m.shared.forward(x).tanh();
    vec![
        (m.left.forward(h.clone()) - y.clone()).powf_scalar(2.0).mean(),
        (m.right.forward(h) - y).abs().mean(),
    ]
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 77);
    let mut heads: Heads<B> = Heads {
        shared: LinearConfig::new(2, 3).init(&device),
        left: LinearConfig::new(3, 1).init(&device),
        right: LinearConfig::new(3, 1).init(&device),
    };
    let mut opt = SgdConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[0.6, -0.1], [0.2, 0.8], [-0.7, 0.5]], &device);
    let y = Tensor::<B, 2>::from_floats([[0.3], [0.9], [-0.4]], &device);
    for epoch in 0..4 {
        let mut total: Option<Tensor<B, 1>> = None;
        for loss in head_losses(&heads, x.clone(), y.clone()) {
            println!("epoch {epoch}: {}", loss.clone().into_scalar());
            total = Some(match total {
                Some(t) => t + loss,
                None => loss,
            });
        }
        let grads = GradientsParams::from_grads(total.unwrap().backward(), &heads);
        heads = opt.step(0.05, heads, grads);
    }
}
