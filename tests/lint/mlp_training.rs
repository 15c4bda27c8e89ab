// A classifier trained the usual way: data prepared outside the loops, the forward inside, a
// validation pass on `model.valid()` with no backward. No finding.
use std::sync::Arc;

use burn::data::dataloader::DataLoader;
use burn::nn::loss::CrossEntropyLossConfig;
use burn::nn::{Linear, LinearConfig, Relu};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Mlp<B: Backend> {
    input: Linear<B>,
    output: Linear<B>,
    activation: Relu,
}

#[derive(Config, Debug)]
pub struct MlpConfig {
    inputs: usize,
    hidden: usize,
    classes: usize,
}

impl MlpConfig {
    pub fn init<B: Backend>(&self, device: &B::Device) -> Mlp<B> {
        Mlp {
            input: LinearConfig::new(self.inputs, self.hidden).init(device),
            output: LinearConfig::new(self.hidden, self.classes).init(device),
            activation: Relu::new(),
        }
    }
}

impl<B: Backend> Mlp<B> {
    pub fn forward(&self, images: Tensor<B, 3>) -> Tensor<B, 2> {
        let [batch, height, width] = images.dims();
        let x = images.reshape([batch, height * width]);
        let x = self.input.forward(x);
        let x = self.activation.forward(x);
        self.output.forward(x)
    }
}

#[derive(Clone, Debug)]
pub struct MnistBatch<B: Backend> {
    pub images: Tensor<B, 3>,
    pub targets: Tensor<B, 1, Int>,
}

pub fn train<B: AutodiffBackend>(
    dataloader_train: Arc<dyn DataLoader<B, MnistBatch<B>>>,
    dataloader_valid: Arc<dyn DataLoader<B::InnerBackend, MnistBatch<B::InnerBackend>>>,
    device: B::Device,
) {
    let mut model: Mlp<B> = MlpConfig::new(28 * 28, 128, 10).init(&device);
    let mut optim = AdamConfig::new().init();
    let loss_fn = CrossEntropyLossConfig::new().init(&device);
    // Data prepared once, outside the loop: fine, it takes no part in the graph.
    let mean = Tensor::<B, 1>::from_floats([0.1307], &device).reshape([1, 1, 1]);
    let std = Tensor::<B, 1>::from_floats([0.3081], &device).reshape([1, 1, 1]);
    let lr = 1e-3;

    for epoch in 1..=10 {
        for (iteration, batch) in dataloader_train.iter().enumerate() {
            let images = (batch.images - mean.clone()) / std.clone();
            let logits = model.forward(images);
            let loss = loss_fn.forward(logits.clone(), batch.targets.clone());
            println!("[train] epoch {epoch} it {iteration} loss {}", loss.clone().into_scalar());
            let grads = loss.backward();
            let grads = GradientsParams::from_grads(grads, &model);
            model = optim.step(lr, model, grads);
        }

        let model_valid = model.valid();
        let loss_valid = CrossEntropyLossConfig::new().init(&device);
        for batch in dataloader_valid.iter() {
            let logits = model_valid.forward(batch.images);
            let loss = loss_valid.forward(logits, batch.targets);
            println!("[valid] epoch {epoch} loss {}", loss.into_scalar());
        }
    }
}
