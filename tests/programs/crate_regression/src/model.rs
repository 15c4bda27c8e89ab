use burn::module::Param;
use burn::nn::{Linear, Relu};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Regressor<B: Backend> {
    fc1: Linear<B>,
    fc2: Linear<B>,
    relu: Relu,
}

#[derive(Config, Debug)]
pub struct RegressorConfig {
    d_input: usize,
    #[config(default = 4)]
    hidden: usize,
}

fn from_values<B: Backend>(w: Vec<f32>, d_in: usize, d_out: usize, device: &B::Device) -> Linear<B> {
    Linear {
        weight: Param::from_tensor(Tensor::from_data(TensorData::new(w, [d_in, d_out]), device)),
        bias: Some(Param::from_tensor(Tensor::zeros([d_out], device))),
    }
}

impl RegressorConfig {
    pub fn init<B: Backend>(&self, device: &B::Device) -> Regressor<B> {
        Regressor {
            fc1: from_values(vec![0.5, -0.5, 0.25, 0.25, 0.5, -0.25], self.d_input, self.hidden, device),
            fc2: from_values(vec![1.0, -1.0, 0.5], self.hidden, 1, device),
            relu: Relu::new(),
        }
    }
}

impl<B: Backend> Regressor<B> {
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        let x = self.relu.forward(self.fc1.forward(x));
        self.fc2.forward(x)
    }
}
