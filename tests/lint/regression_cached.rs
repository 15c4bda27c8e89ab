// A regression whose author moved work out of the epoch loop: the model's forward and a
// learned temperature's exp are computed once, before the loop that backpropagates them.
use burn::nn::loss::{MseLoss, Reduction};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::Distribution;

#[derive(Module, Debug)]
pub struct Regressor<B: Backend> {
    linear: Linear<B>,
}

impl<B: Backend> Regressor<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { linear: LinearConfig::new(8, 1).init(device) }
    }

    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.linear.forward(x)
    }
}

pub fn fit<B: AutodiffBackend>(device: &B::Device, epochs: usize) -> Regressor<B> {
    let mut model = Regressor::<B>::new(device);
    let mut optim = AdamConfig::new().init();
    let inputs = Tensor::<B, 2>::random([256, 8], Distribution::Normal(0.0, 1.0), device);
    let targets = inputs.clone().sum_dim(1).mul_scalar(0.5);
    let temperature = Tensor::<B, 1>::from_floats([0.0], device).require_grad();
    let scale = temperature.clone().exp(); //~ WARN loop-external-tracked
    let predictions = model.forward(inputs.clone()); //~ WARN loop-external-tracked

    for epoch in 0..epochs {
        let scaled = predictions.clone() * scale.clone().unsqueeze();
        let loss = MseLoss::new().forward(scaled, targets.clone(), Reduction::Mean);
        println!("epoch {epoch}: loss {}", loss.clone().into_scalar());
        let grads = loss.backward();
        let grads = GradientsParams::from_grads(grads, &model);
        model = optim.step(1e-2, model, grads);
    }
    model
}
