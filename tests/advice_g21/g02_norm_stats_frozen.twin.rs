//! A probe trained on a frozen backbone's features, standardised by the mean and spread of the
//! backbone's output on a reference batch, measured once before training.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation,
};

#[derive(Module, Debug)]
struct Probe {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(8);
    let backbone = LinearConfig::new(3, 4).init(&device);
    let mut probe = Probe { fc: LinearConfig::new(4, 1).init(&device) };
    let mut optim = AdamConfig::new().init();
    let reference = Tensor::<2>::from_floats([[0.2, 0.7, -0.1], [0.9, -0.4, 0.3], [-0.6, 0.1, 0.5]], &device);
    let feats = activation::relu(backbone.forward(reference));
    let mean = feats.clone().mean_dim(0).detach();
    let std = (feats.var(0).sqrt() + 1e-3).detach();
    let samples = [[0.1, 0.4, -0.3], [0.8, 0.0, 0.2], [-0.2, -0.5, 0.6], [0.3, 0.3, 0.3]];
    let labels = [1.0, 0.0, 1.0, 0.0];
    let mut epoch = 0;
    while epoch < 4 {
        let x = Tensor::<2>::from_floats([samples[epoch]], &device);
        let z = (activation::relu(backbone.forward(x)) - mean.clone()) / std.clone();
        let p = activation::sigmoid(probe.fc.forward(z));
        let loss = (p - labels[epoch]).powf_scalar(2.0).sum();
        println!("epoch {epoch}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &probe);
        probe = optim.step(0.01, probe, grads);
        epoch += 1;
    }
}
