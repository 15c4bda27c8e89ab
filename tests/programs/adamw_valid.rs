//! Training with AdamW and a validation pass each epoch through `model.valid()`, the module on
//! the inner backend (no autodiff, no node ids): what Burn's training examples do. No panic.
//!
//! Node ids for the record: fc1.weight 0, .bias 1, fc2.weight 2, .bias 3, x 4, y 5; each
//! epoch: fc1 6-8 (matmul, the bias's reshape, add), relu 9, fc2 10-12, sub 13, square 14, mean
//! 15, then AdamW's four new parameters 16-19;
//! the validation tensors are on the plain device (`device.inner()`) and take none.

use burn::{
    module::{AutodiffModule, Param},
    nn::{
        Linear, Relu,
        loss::{MseLoss, Reduction},
    },
    optim::{AdamWConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Regressor {
    fc1: Linear,
    fc2: Linear,
    activation: Relu,
}

impl Regressor {
    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc2.forward(self.activation.forward(self.fc1.forward(x)))
    }
}

fn linear(weight: Tensor<2>, bias: Tensor<1>) -> Linear {
    Linear { weight: Param::from_tensor(weight), bias: Some(Param::from_tensor(bias)) }
}

fn main() {
    let device = Device::default().autodiff();
    let mut model: Regressor = Regressor {
        fc1: linear(
            Tensor::from_floats([[1.0, 0.5], [-0.5, 0.25]], &device),
            Tensor::from_floats([0.0, 0.5], &device),
        ),
        fc2: linear(
            Tensor::from_floats([[0.5], [-1.0]], &device),
            Tensor::from_floats([0.25], &device),
        ),
        activation: Relu::new(),
    };
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 1.0], [-1.0, 2.0], [2.0, 0.5]], &device);
    let y = Tensor::<2>::from_floats([[0.5], [0.0], [-1.0], [1.0]], &device);
    let valid_device = device.clone().inner();
    let x_valid = Tensor::<2>::from_floats([[1.0, 1.0], [0.0, -1.0]], &valid_device);
    let y_valid = Tensor::<2>::from_floats([[0.5], [0.25]], &valid_device);
    let mut optim = AdamWConfig::new().with_weight_decay(0.01).init();
    let mse = MseLoss::new();

    for epoch in 0..3 {
        let loss = mse.forward(model.forward(x.clone()), y.clone(), Reduction::Mean);
        let train = loss.clone().into_scalar::<f32>();
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.02, model, grads);

        let valid = model.valid();
        let valid_loss = mse.forward(valid.forward(x_valid.clone()), y_valid.clone(), Reduction::Mean);
        let valid_loss = valid_loss.into_scalar::<f32>();
        println!("epoch {epoch}: train = {:.6}, valid = {:.6}", train, valid_loss);
    }
    println!("fc1.bias = {:?}", model.fc1.bias.unwrap().val().into_data().to_vec::<f32>().unwrap());
}
