//! Early stopping: the best loss kept as an `f32` (`into_scalar`), the best model as a clone,
//! training stopped after `patience` epochs without an improvement of `min_delta`. No panic:
//! only numbers and the module (its parameters are leaves) outlive an epoch.
//!
//! Node ids for the record: fc.weight 0, fc.bias 1, x 2, y 3. Each epoch: linear (matmul, the
//! bias's reshape, add), sub, square, mean (6 ids), then Adam's new weight and bias (2 ids);
//! `model.clone()` keeps the ids.

use burn::{
    module::Param,
    nn::{
        Linear,
        loss::{MseLoss, Reduction},
    },
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Model {
    fc: Linear,
}

impl Model {
    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc.forward(x)
    }
}

fn main() {
    let device = Device::default().autodiff();
    let mut model: Model = Model {
        fc: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[0.25], [0.75]], &device)),
            bias: Some(Param::from_tensor(Tensor::from_floats([0.5], &device))),
        },
    };
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.5, -0.5]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [0.5], [1.25], [0.5]], &device);
    let mut optim = AdamConfig::new().init();
    let mse = MseLoss::new();

    let patience = 2;
    let min_delta = 0.002;
    let mut best = f32::INFINITY;
    let mut best_epoch = 0;
    let mut best_model = model.clone();
    let mut waited = 0;
    for epoch in 0..30 {
        let loss = mse.forward(model.forward(x.clone()), y.clone(), Reduction::Mean);
        let value: f32 = loss.clone().into_scalar();
        if value < best - min_delta {
            best = value;
            best_epoch = epoch;
            best_model = model.clone();
            waited = 0;
        } else {
            waited += 1;
            if waited == patience {
                println!("epoch {epoch}: loss = {:.5}, no improvement for {patience} epochs: stop", value);
                break;
            }
        }
        println!("epoch {epoch}: loss = {:.5}", value);
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.05, model, grads);
    }
    println!("best: epoch {best_epoch}, loss = {:.5}", best);
    let pred = best_model.forward(x);
    println!("best model's prediction = {:?}", pred.into_data().to_vec::<f32>().unwrap());
}
