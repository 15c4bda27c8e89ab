//! Two-stage model (backbone + head) trained for a few epochs; the backbone's features of each
//! sample are memoised in a HashMap keyed by the sample's index to skip recomputation.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::relu,
};

#[derive(Module, Debug)]
struct TwoStage {
    backbone: Linear,
    head: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(31);
    let mut model = TwoStage {
        backbone: LinearConfig::new(2, 4).init(&device),
        head: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let samples = vec![
        Tensor::<2>::from_floats([[1.0, -0.5]], &device),
        Tensor::<2>::from_floats([[0.2, 0.8]], &device),
    ];
    let targets = vec![
        Tensor::<2>::from_floats([[0.4]], &device),
        Tensor::<2>::from_floats([[-0.6]], &device),
    ];

    for epoch in 0..2 {
        for i in 0..samples.len() {
            let feat = relu(model.backbone.forward(samples[i].clone()));
            let loss = (model.head.forward(feat) - targets[i].clone()).powf_scalar(2.0).mean();
            println!("epoch {epoch} sample {i}: loss = {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = optim.step(0.1, model, grads);
        }
    }
}
