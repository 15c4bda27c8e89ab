//! An L1 activity term summed into a running tensor and added to each step's loss.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    fc: Linear<B>,
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 5);
    let mut model: Model<B> = Model { fc: LinearConfig::new(2, 3).init(&device) };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[0.1, 0.9], [0.4, -0.7], [0.8, 0.2]], &device);
    let y = Tensor::<B, 2>::from_floats([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]], &device);
    let mut l1 = Tensor::<B, 1>::zeros([1], &device);

    for it in 0..4 {
        let act = model.fc.forward(x.clone());
        let mse = (act.clone() - y.clone()).powf_scalar(2.0).mean();
        l1 = act.abs().sum() * 0.001 + l1;
        let loss = mse + l1.clone();
        println!("iter {it}: {:.6}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.01, model, grads);
        l1 = Tensor::<B, 1>::zeros([1], &device);
    }
}
