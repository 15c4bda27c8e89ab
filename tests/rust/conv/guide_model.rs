//! Burn's guide model (examples/guide/src/model.rs) on 12 x 12 images: two convolutions, an
//! adaptive average pool to 8 x 8, dropout, two linear layers; two SGD steps on in-program data.
use burn::{
    nn::{
        conv::{Conv2d, Conv2dConfig},
        pool::{AdaptiveAvgPool2d, AdaptiveAvgPool2dConfig},
        Dropout, DropoutConfig, Linear, LinearConfig, Relu,
    },
    optim::{GradientsParams, Optimizer, SgdConfig},
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
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(7);
    let mut model = ModelConfig::new(3, 16).init(&device);
    let mut optim = SgdConfig::new().init();

    let images = Tensor::<1>::arange(0..288, &device)
        .float()
        .div_scalar(288.0)
        .reshape([2, 12, 12]);
    let targets = Tensor::<2>::from_floats([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]], &device);

    for step in 0..2 {
        let output = model.forward(images.clone());
        let loss = (output - targets.clone()).powf_scalar(2.0).mean();
        println!("step {step}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = loss.backward();
        let grads = GradientsParams::from_grads(grads, &model);
        model = optim.step(0.1, model, grads);
    }
    let bias = model.conv1.bias.as_ref().unwrap().val();
    println!("conv1.bias = {:?}", bias.into_data().to_vec::<f32>().unwrap());
}
