//! MLP regression: two `Linear` layers and a ReLU, MSE loss, Adam, three epochs on one batch.
//!
//! Weights are set from values (not `LinearConfig::init`'s random ones) so the output is
//! checkable. Node ids (no panic here, for the record): fc1.weight 0, fc1.bias 1, fc2.weight 2,
//! fc2.bias 3 (each `from_floats`, kept by `Param::from_tensor`'s `require_grad`), x 4, y 5.

use burn::backend::{Autodiff, NdArray};
use burn::module::Param;
use burn::nn::loss::{MseLoss, Reduction};
use burn::nn::{Linear, Relu};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Mlp<B: Backend> {
    fc1: Linear<B>,
    fc2: Linear<B>,
    activation: Relu,
}

fn linear<B: Backend>(weight: Tensor<B, 2>, bias: Tensor<B, 1>) -> Linear<B> {
    Linear {
        weight: Param::from_tensor(weight),
        bias: Some(Param::from_tensor(bias)),
    }
}

impl<B: Backend> Mlp<B> {
    pub fn new(device: &B::Device) -> Self {
        let fc1 = linear(
            Tensor::from_floats([[0.5, -0.25], [0.25, 0.5]], device),
            Tensor::from_floats([0.0, 0.125], device),
        );
        let fc2 = linear(
            Tensor::from_floats([[1.0], [0.5]], device),
            Tensor::from_floats([0.25], device),
        );
        Self { fc1, fc2, activation: Relu::new() }
    }

    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        let h = self.activation.forward(self.fc1.forward(x));
        self.fc2.forward(h)
    }
}

fn main() {
    let device = Default::default();
    let mut model = Mlp::<B>::new(&device);
    let x = Tensor::<B, 2>::from_floats([[1.0, 0.5], [0.5, -1.0], [-1.0, 1.0], [0.0, 2.0]], &device);
    let y = Tensor::<B, 2>::from_floats([[1.0], [0.0], [0.5], [1.5]], &device);
    let mut optim = AdamConfig::new().init();
    let loss_fn = MseLoss::new();

    for epoch in 0..3 {
        let pred = model.forward(x.clone());
        let loss = loss_fn.forward(pred, y.clone(), Reduction::Mean);
        println!("epoch {epoch}: loss = {}", loss.clone().into_scalar());
        let grads = loss.backward();
        let grads = GradientsParams::from_grads(grads, &model);
        model = optim.step(0.01, model, grads);
    }
    let w = model.fc2.weight.val().to_data().to_vec::<f32>().unwrap();
    println!("fc2.weight = {:?}", w);
}
