//! The largest per-sample error of the last epoch is kept in an Option and added to the next loss.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Reg<B: Backend> {
    fc: Linear<B>,
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 61);
    let mut reg: Reg<B> = Reg { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[0.5, 0.5], [0.1, -0.9], [0.7, 0.2]], &device);
    let y = Tensor::<B, 2>::from_floats([[1.0], [-0.5], [0.3]], &device);
    let mut prev_worst: Option<Tensor<B, 1>> = None;

    for epoch in 0..3 {
        let errors = (reg.fc.forward(x.clone()) - y.clone()).powf_scalar(2.0).reshape([3]);
        let mut loss = errors.clone().mean();
        if let Some(w) = &prev_worst {
            loss = loss + w.clone() * 0.3;
        }
        println!("epoch {epoch}: {:.6}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &reg);
        reg = optim.step(0.1, reg, grads);
        prev_worst = Some(errors.max());
    }
}
