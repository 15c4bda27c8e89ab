//! Gradient accumulation over micro-batches (older generic style): the micro-batch losses are
//! summed and backpropagated once per optimizer step.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Regressor<B: Backend> {
    fc: Linear<B>,
}

fn main() {
    let device = Default::default();
    B::seed(&device, 21);
    let mut model: Regressor<B> = Regressor { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let xs = Tensor::<B, 2>::from_floats(
        [[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [2.0, 1.0], [0.5, -1.0], [-1.0, 0.5]],
        &device,
    );
    let ys = Tensor::<B, 2>::from_floats([[1.0], [2.0], [3.0], [5.0], [0.0], [-0.5]], &device);
    for epoch in 0..2 {
        let mut running = Tensor::<B, 1>::zeros([1], &device);
        for micro in 0..3 {
            let x = xs.clone().slice([micro * 2..micro * 2 + 2, 0..2]);
            let y = ys.clone().slice([micro * 2..micro * 2 + 2, 0..1]);
            let loss = (model.fc.forward(x) - y).powf_scalar(2.0).mean().div_scalar(3.0);
            running = running + loss;
        }
        let grads = running.backward();
        let g = model.fc.weight.grad(&grads).unwrap();
        println!("epoch {epoch}: |g| {}", g.abs().sum().into_scalar());
        let grads = GradientsParams::from_grads(grads, &model);
        model = optim.step(0.05, model, grads);
    }
}
