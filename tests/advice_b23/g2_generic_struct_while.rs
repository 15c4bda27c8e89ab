//! Older dialect: a generic accumulator struct the training loop fills itself; a `while` loop
//! over steps backpropagates every fourth step; the accumulator is made once per epoch.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Reg<B: Backend> {
    lin: Linear<B>,
}

struct Accum<B: Backend> {
    loss: Option<Tensor<B, 1>>,
    steps: usize,
}

fn main() {
    let device = Default::default();
    B::seed(&device, 8);
    let mut reg: Reg<B> = Reg { lin: LinearConfig::new(3, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let data = [[0.1, 0.2, 0.3], [0.4, -0.1, 0.0], [-0.3, 0.5, 0.2], [0.9, 0.9, -0.2],
        [0.0, -0.6, 0.7], [0.2, 0.2, 0.2], [-0.5, 0.1, 0.4], [0.8, -0.8, 0.1]];

    for epoch in 0..2 {
        let mut acc: Accum<B> = Accum { loss: None, steps: 0 };
        let mut step = 0;
        while step < data.len() {
            let x = Tensor::<B, 2>::from_floats([data[step]], &device);
            let l = reg.lin.forward(x).powf_scalar(2.0).sum();
            acc.loss = match acc.loss.take() {
                None => Some(l),
                Some(prev) => Some(prev + l),
            };
            acc.steps += 1;
            step += 1;
            if acc.steps % 4 == 0 {
                let avg = acc.loss.clone().unwrap() / 4.0;
                let v: f32 = avg.clone().into_scalar().elem();
                println!("epoch {epoch} step {step}: {v:.6}");
                let grads = GradientsParams::from_grads(avg.backward(), &reg);
                reg = sgd.step(0.1, reg, grads);
            }
        }
    }
}
