//! The models: one weight and one bias per input, through tanh. `Regressor` holds them as
//! Burn models do, `Param`s; `PlainRegressor` as plain tensors made with `require_grad()`.

use burn::module::Param;
use burn::tensor::backend::{AutodiffBackend, Backend};
use burn::tensor::Tensor;

#[derive(Debug)]
pub struct Regressor<B: Backend> {
    weight: Param<Tensor<B, 1>>,
    bias: Param<Tensor<B, 1>>,
}

impl<B: Backend> Regressor<B> {
    pub fn new(device: &B::Device) -> Self {
        Self {
            weight: Param::from_tensor(Tensor::from_floats([0.5, -0.25, 0.75, 1.0], device)),
            bias: Param::from_tensor(Tensor::from_floats([0.1, 0.1, 0.1, 0.1], device)),
        }
    }

    pub fn forward(&self, x: Tensor<B, 1>) -> Tensor<B, 1> {
        (x * self.weight.val() + self.bias.val()).tanh()
    }
}

impl<B: AutodiffBackend> Regressor<B> {
    /// One step of gradient descent: new parameters, leaves of the next forward pass.
    pub fn sgd(self, grads: &B::Gradients, learning_rate: f32) -> Self {
        let descend = |param: Param<Tensor<B, 1>>| match descend(param.val(), grads, learning_rate) {
            Some(value) => Param::from_tensor(value),
            None => param,
        };
        Self { weight: descend(self.weight), bias: descend(self.bias) }
    }

    pub fn weight_grad(&self, grads: &B::Gradients) -> Option<Vec<f32>> {
        self.weight.val().grad(grads).map(|g| g.into_data().to_vec::<f32>().unwrap())
    }
}

#[derive(Debug)]
pub struct PlainRegressor<B: Backend> {
    weight: Tensor<B, 1>,
    bias: Tensor<B, 1>,
}

impl<B: Backend> PlainRegressor<B> {
    pub fn new(device: &B::Device) -> Self {
        Self {
            weight: Tensor::from_floats([0.5, -0.25, 0.75, 1.0], device).require_grad(),
            bias: Tensor::from_floats([0.1, 0.1, 0.1, 0.1], device).require_grad(),
        }
    }

    pub fn forward(&self, x: Tensor<B, 1>) -> Tensor<B, 1> {
        (x * self.weight.clone() + self.bias.clone()).tanh()
    }
}

impl<B: AutodiffBackend> PlainRegressor<B> {
    pub fn sgd(self, grads: &B::Gradients, learning_rate: f32) -> Self {
        let descend = |param: Tensor<B, 1>| match descend(param.clone(), grads, learning_rate) {
            Some(value) => value.require_grad(),
            None => param,
        };
        Self { weight: descend(self.weight), bias: descend(self.bias) }
    }
}

/// The parameter's next values, as a new tensor on its device, if it has a gradient.
fn descend<B: AutodiffBackend>(
    param: Tensor<B, 1>,
    grads: &B::Gradients,
    learning_rate: f32,
) -> Option<Tensor<B, 1>> {
    let grad = param.grad(grads)?.into_data().to_vec::<f32>().unwrap();
    let device = param.device();
    let values = param.into_data().to_vec::<f32>().unwrap();
    let values: Vec<f32> = values.iter().zip(&grad).map(|(p, g)| p - learning_rate * g).collect();
    Some(Tensor::from_floats(values, &device))
}
