//! Older backend-generic style: each sample's loss is backpropagated and stepped, kept in a
//! list, and the epoch ends with a step on the stacked losses' mean.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Scorer<B: Backend> {
    lin: Linear<B>,
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 91);
    let mut scorer: Scorer<B> = Scorer { lin: LinearConfig::new(2, 1).init(&device) };
    let mut optim = AdamConfig::new().init();
    let data = Tensor::<B, 2>::from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 1.0]], &device);
    let goal = Tensor::<B, 2>::from_floats([[1.0], [2.0], [3.0], [4.0]], &device);
    let mut seen = Vec::new();
    for epoch in 0..2 {
        for row in 0..4 {
            let guess = scorer.lin.forward(data.clone().slice([row..row + 1, 0..2]));
            let loss = (guess - goal.clone().slice([row..row + 1, 0..1])).abs().sum();
            seen.push(loss.clone());
            let grads = GradientsParams::from_grads(loss.backward(), &scorer);
            scorer = optim.step(0.1, scorer, grads);
        }
        let whole = Tensor::stack::<2>(seen, 0).mean();
        println!("epoch {epoch}: {:.5}", whole.clone().into_scalar());
        let grads = GradientsParams::from_grads(whole.backward(), &scorer);
        scorer = optim.step(0.1, scorer, grads);
        seen = Vec::new();
    }
}
