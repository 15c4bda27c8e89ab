//! A trainer keeps its micro-batch losses in a VecDeque and hands their sum back every two steps.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, AdamConfig},
    prelude::*,
};
use std::collections::VecDeque;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Regressor<B: Backend> {
    head: Linear<B>,
}

struct Accum<B: Backend> {
    queue: VecDeque<Tensor<B, 1>>,
    scale: f32,
}

impl<B: Backend> Accum<B> {
    fn record(&mut self, loss: Tensor<B, 1>) {
        self.queue.push_back(loss * self.scale);
    }

    fn summed(&self) -> Tensor<B, 1> {
        let mut out = self.queue[0].clone();
        for l in self.queue.iter().skip(1) {
            out = out + l.clone();
        }
        out
    }
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 7);
    let mut reg: Regressor<B> = Regressor { head: LinearConfig::new(2, 1).init(&device) };
    let mut optim = AdamConfig::new().init();
    let xs = Tensor::<B, 2>::from_floats([[1.0, 0.5], [0.2, -0.4], [-0.7, 0.9], [0.3, 0.3]], &device);
    let ys = Tensor::<B, 2>::from_floats([[1.0], [0.0], [-0.5], [0.4]], &device);
    let mut acc = Accum { queue: VecDeque::new(), scale: 0.5 };

    for step in 0..4 {
        let x = xs.clone().slice([step..step + 1, 0..2]);
        let y = ys.clone().slice([step..step + 1, 0..1]);
        let pred = reg.head.forward(x);
        acc.record((pred - y).powf_scalar(2.0).mean());
        if step % 2 == 1 {
            let loss = acc.summed();
            println!("step {step}: loss {:.6}", loss.clone().into_scalar());
            let grads = GradientsParams::from_grads(loss.backward(), &reg);
            reg = optim.step(1e-2, reg, grads);
            acc.queue.clear();
        }
    }
}
