//! Burn's guide (examples/guide): its model, and its training step (`forward_classification`:
//! cross-entropy against Int targets; `loss.backward()`, `GradientsParams::from_grads`, Adam's
//! `step` at 1e-4) twice, on two 12 x 12 in-program images.
use burn::{
    nn::{
        conv::{Conv2d, Conv2dConfig},
        loss::CrossEntropyLossConfig,
        pool::{AdaptiveAvgPool2d, AdaptiveAvgPool2dConfig},
        Dropout, DropoutConfig, Linear, LinearConfig, Relu,
    },
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Model {
    conv1: Conv2d,
    conv2: Conv2d,
    pool: AdaptiveAvgPool2d,
    dropout: Dropout,
    linear1: Linear,
    linear2: Linear,
    activation: Relu,
}

#[derive(Config, Debug)]
pub struct ModelConfig {
    num_classes: usize,
    hidden_size: usize,
    #[config(default = "0.5")]
    dropout: f64,
}

impl ModelConfig {
    pub fn init(&self, device: &Device) -> Model {
        Model {
            conv1: Conv2dConfig::new([1, 8], [3, 3]).init(device),
            conv2: Conv2dConfig::new([8, 16], [3, 3]).init(device),
            pool: AdaptiveAvgPool2dConfig::new([8, 8]).init(),
            activation: Relu::new(),
            linear1: LinearConfig::new(16 * 8 * 8, self.hidden_size).init(device),
            linear2: LinearConfig::new(self.hidden_size, self.num_classes).init(device),
            dropout: DropoutConfig::new(self.dropout).init(),
        }
    }
}

impl Model {
    pub fn forward(&self, images: Tensor<3>) -> Tensor<2> {
        let [batch_size, height, width] = images.dims();
        let x = images.reshape([batch_size, 1, height, width]);
        let x = self.conv1.forward(x);
        let x = self.dropout.forward(x);
        let x = self.conv2.forward(x);
        let x = self.dropout.forward(x);
        let x = self.activation.forward(x);
        let x = self.pool.forward(x);
        let x = x.reshape([batch_size, 16 * 8 * 8]);
        let x = self.linear1.forward(x);
        let x = self.dropout.forward(x);
        let x = self.activation.forward(x);
        self.linear2.forward(x)
    }

    // The guide's `forward_classification`, its loss only; the guide inits the loss on
    // `&output.device()`, which pbpit's interpreter does not read yet: the device is passed.
    pub fn forward_classification(
        &self,
        images: Tensor<3>,
        targets: Tensor<1, Int>,
        device: &Device,
    ) -> Tensor<1> {
        let output = self.forward(images);
        CrossEntropyLossConfig::new()
            .init(device)
            .forward(output.clone(), targets.clone())
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(11);
    let mut model = ModelConfig::new(10, 32).init(&device);
    let mut optim = AdamConfig::new().init();

    let images = Tensor::<1>::arange(0..288, &device)
        .float()
        .div_scalar(288.0)
        .reshape([2, 12, 12]);
    let targets = Tensor::<1, Int>::from_ints([3, 7], &device);

    for step in 0..2 {
        let loss = model.forward_classification(images.clone(), targets.clone(), &device);
        println!("step {step}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = loss.backward();
        let grads = GradientsParams::from_grads(grads, &model);
        model = optim.step(1.0e-4, model, grads);
    }
    let weight = model.conv2.weight.val().sum();
    println!("sum of conv2.weight = {}", weight.into_scalar::<f32>());
}
