//! An MLP with two hidden layers (ReLU, then Tanh), SGD with a step learning-rate schedule:
//! the rate halves every two epochs, computed in f64 as a user writes it. No panic.
//!
//! Node ids for the record: fc1.weight 0, .bias 1, fc2.weight 2, .bias 3, out.weight 4, .bias 5
//! (field order), x 6, y 7. Each epoch: fc1 8-10 (matmul, the bias's reshape, add), relu 11,
//! fc2 12-14, tanh 15, out 16-18, sub 19, square 20, mean 21, then SGD's six new parameters
//! 22-27; the next epoch starts at 28.

use burn::{
    module::Param,
    nn::{
        Linear, Relu, Tanh,
        loss::{MseLoss, Reduction},
    },
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Mlp {
    fc1: Linear,
    fc2: Linear,
    out: Linear,
    relu: Relu,
    tanh: Tanh,
}

impl Mlp {
    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        let h = self.relu.forward(self.fc1.forward(x));
        let h = self.tanh.forward(self.fc2.forward(h));
        self.out.forward(h)
    }
}

fn linear(weight: Tensor<2>, bias: Tensor<1>) -> Linear {
    Linear { weight: Param::from_tensor(weight), bias: Some(Param::from_tensor(bias)) }
}

/// The step schedule: `initial * 0.5^(epoch / step)`.
fn learning_rate(initial: f64, epoch: usize, step: usize) -> f64 {
    initial * 0.5f64.powi((epoch / step) as i32)
}

fn main() {
    let device = Device::default().autodiff();
    let mut model: Mlp = Mlp {
        fc1: linear(
            Tensor::from_floats([[0.5, -0.5, 0.25], [0.25, 0.5, -0.25]], &device),
            Tensor::from_floats([0.0, 0.125, 0.0], &device),
        ),
        fc2: linear(
            Tensor::from_floats([[0.5, -0.25], [0.25, 0.5], [-0.5, 0.25]], &device),
            Tensor::from_floats([0.0, 0.0], &device),
        ),
        out: linear(
            Tensor::from_floats([[1.0], [-0.5]], &device),
            Tensor::from_floats([0.25], &device),
        ),
        relu: Relu::new(),
        tanh: Tanh::new(),
    };
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 1.0], [-1.0, 0.5], [0.0, -1.0]], &device);
    let y = Tensor::<2>::from_floats([[0.5], [1.0], [0.0], [-0.5]], &device);
    let mut optim = SgdConfig::new().init();
    let mse = MseLoss::new();

    for epoch in 0..6 {
        let lr = learning_rate(0.5, epoch, 2);
        let loss = mse.forward(model.forward(x.clone()), y.clone(), Reduction::Mean);
        println!("epoch {epoch}: lr = {lr}, loss = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(lr, model, grads);
    }
    let pred = model.forward(x).into_data().to_vec::<f32>().unwrap();
    println!("pred = {:.4?}", pred);
}
