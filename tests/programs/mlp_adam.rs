//! MLP regression: two `Linear` layers and a ReLU, MSE loss, Adam, three epochs on one batch.
//!
//! Weights are set from values (not `LinearConfig::init`'s random ones) so the output is
//! checkable. Node ids (no panic here, for the record): fc1.weight 0, fc1.bias 1, fc2.weight 2,
//! fc2.bias 3 (each `from_floats`, kept by `Param::from_tensor`'s `require_grad`), x 4, y 5.

use burn::{
    module::Param,
    nn::{
        Linear, Relu,
        loss::{MseLoss, Reduction},
    },
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Mlp {
    fc1: Linear,
    fc2: Linear,
    activation: Relu,
}

fn linear(weight: Tensor<2>, bias: Tensor<1>) -> Linear {
    Linear {
        weight: Param::from_tensor(weight),
        bias: Some(Param::from_tensor(bias)),
    }
}

impl Mlp {
    pub fn new(device: &Device) -> Self {
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

    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        let h = self.activation.forward(self.fc1.forward(x));
        self.fc2.forward(h)
    }
}

fn main() {
    let device = Device::default().autodiff();
    let mut model = Mlp::new(&device);
    let x = Tensor::<2>::from_floats([[1.0, 0.5], [0.5, -1.0], [-1.0, 1.0], [0.0, 2.0]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [0.0], [0.5], [1.5]], &device);
    let mut optim = AdamConfig::new().init();
    let loss_fn = MseLoss::new();

    for epoch in 0..3 {
        let pred = model.forward(x.clone());
        let loss = loss_fn.forward(pred, y.clone(), Reduction::Mean);
        println!("epoch {epoch}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = loss.backward();
        let grads = GradientsParams::from_grads(grads, &model);
        model = optim.step(0.01, model, grads);
    }
    let w = model.fc2.weight.val().to_data().to_vec::<f32>().unwrap();
    println!("fc2.weight = {:?}", w);
}
