//! An encoder's features cached outside the training loop "to save time": the panic.
//!
//! The encoder (a `Linear` and a ReLU) runs once; only the head is meant to train, but the
//! features are a tracked intermediate of the encoder's parameters. Epoch 0's backward consumes
//! their step; epoch 1's walks back to them and panics.
//!
//! Node ids by Burn's rules: encoder.weight 0, encoder.bias 1, head.weight 2, head.bias 3 (each
//! `from_floats`; `Param::from_tensor` keeps the id), x 4, y 5, the encoder's linear 6-8 (matmul,
//! the bias's reshape, add), its relu 9 = `features`. Epoch 0: head 10-12, MseLoss's sub 13, square
//! 14, mean 15; backward; `optim.step` gives every parameter with a gradient a new tensor in field
//! order (`Tensor::from_inner(..).require_grad()`): 16, 17, 18, 19. Epoch 1: head 20-22, sub 23,
//! square 24, mean 25; the walk 25 -> 24 -> 23 -> 22 -> 20 -> 9 finds 9's step gone: NodeId(9).

use burn::{
    module::Param,
    nn::{
        Linear, Relu,
        loss::{MseLoss, Reduction},
    },
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Model {
    encoder: Linear,
    head: Linear,
    activation: Relu,
}

impl Model {
    pub fn encode(&self, x: Tensor<2>) -> Tensor<2> {
        self.activation.forward(self.encoder.forward(x))
    }
}

fn linear(weight: Tensor<2>, bias: Tensor<1>) -> Linear {
    Linear { weight: Param::from_tensor(weight), bias: Some(Param::from_tensor(bias)) }
}

fn main() {
    let device = Device::default().autodiff();
    let mut model: Model = Model {
        encoder: linear(
            Tensor::from_floats([[1.0, -0.5], [0.5, 1.0]], &device),
            Tensor::from_floats([0.0, 0.25], &device),
        ),
        head: linear(
            Tensor::from_floats([[0.5], [-0.25]], &device),
            Tensor::from_floats([0.0], &device),
        ),
        activation: Relu::new(),
    };
    let x = Tensor::<2>::from_floats([[1.0, 1.0], [0.5, -0.5]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [0.0]], &device);
    let mut optim = SgdConfig::new().init();

    // The encoder is "frozen": compute its features once.
    let features = model.encode(x.clone());
    for epoch in 0..3 {
        let pred = model.head.forward(features.clone());
        let loss = MseLoss::new().forward(pred, y.clone(), Reduction::Mean);
        println!("epoch {epoch}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.5, model, grads);
    }
}
