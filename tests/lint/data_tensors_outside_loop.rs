// Everything made before the loop is data: tensors from data, one-hot targets, a random mask,
// a fixed noise batch, a constant schedule. Only the model's forward, inside the loop, is
// tracked. No finding.
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::{Distribution, TensorData};

pub fn train<B: AutodiffBackend>(mut model: Model<B>, pixels: Vec<f32>, classes: Vec<i64>, device: &B::Device) -> Model<B> {
    let mut optim = AdamConfig::new().init();
    let n = classes.len();
    let images = Tensor::<B, 2>::from_data(TensorData::new(pixels, [n, 784]), device) / 255.0;
    let targets = Tensor::<B, 1, Int>::from_data(TensorData::new(classes, [n]), device).one_hot(10).float();
    let mask = Tensor::<B, 2>::random([n, 784], Distribution::Bernoulli(0.9), device);
    let noise = Tensor::<B, 2>::random([n, 784], Distribution::Normal(0.0, 0.1), device);
    let inputs = images.clone() * mask + noise;
    let weights = Tensor::<B, 1>::arange(0..n as i64, device).float().div_scalar(n as f32).unsqueeze_dim(1);
    for epoch in 0..10 {
        let scores = model.forward(inputs.clone());
        let loss = ((scores - targets.clone()).powf_scalar(2.0) * weights.clone()).mean();
        println!("epoch {epoch}: {}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-3, model, grads);
    }
    model
}
