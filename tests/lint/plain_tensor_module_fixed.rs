// The model of plain_tensor_module.rs, its forward computed in the loop, every pass: no finding.
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub struct Linear1<B: Backend> {
    weight: Tensor<B, 1>,
    bias: Tensor<B, 1>,
}

impl<B: Backend> Linear1<B> {
    pub fn new(device: &B::Device) -> Self {
        Self {
            weight: Tensor::from_floats([0.5, -0.25], device).require_grad(),
            bias: Tensor::zeros([2], device).require_grad(),
        }
    }

    pub fn forward(&self, x: Tensor<B, 1>) -> Tensor<B, 1> {
        x * self.weight.clone() + self.bias.clone()
    }
}

pub fn fit<B: AutodiffBackend>(inputs: Tensor<B, 1>, targets: Tensor<B, 1>, device: &B::Device) {
    let model = Linear1::<B>::new(device);
    for _ in 0..3 {
        let output = model.forward(inputs.clone());
        let loss = (output.clone() - targets.clone()).powf_scalar(2.0).mean();
        let _grads = loss.backward();
    }
}
