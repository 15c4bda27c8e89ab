//! A trainer keeps its last loss in a field; after the epochs `finish` takes one small extra
//! step on it.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Model<B: Backend> {
    fc: Linear<B>,
}

fn main() {
    let device = Default::default();
    B::seed(&device, 4);
    let mut model: Model<B> = Model { fc: LinearConfig::new(2, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let xs = Tensor::<B, 2>::from_floats([[0.1, 0.4], [0.8, 0.2], [-0.3, 0.5]], &device);
    let ys = Tensor::<B, 2>::from_floats([[0.5], [0.9], [0.1]], &device);
    let mut last_loss: Option<()> = None;
    for epoch in 0..3 {
        let err = model.fc.forward(xs.clone()) - ys.clone();
        let loss = err.powf_scalar(2.0).mean();
        println!("epoch {epoch}: {:.6}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = sgd.step(0.1, model, grads);
        last_loss = Some(());
    }
    match last_loss {
        Some(()) => {
            let err = model.fc.forward(xs.clone()) - ys.clone();
            let loss = err.powf_scalar(2.0).mean();
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = sgd.step(0.01, model, grads);
        }
        None => {}
    }
    println!("w = {:.6}", model.fc.weight.val().sum().into_scalar());
}
