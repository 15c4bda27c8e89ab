//! Deep mutual learning: two small classifiers trained side by side, each pulled towards the
//! labels and towards the other's predicted distribution.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation,
};

#[derive(Module, Debug)]
struct Model {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(21);
    let mut net_a = Model { fc: LinearConfig::new(3, 2).init(&device) };
    let mut net_b = Model { fc: LinearConfig::new(3, 2).init(&device) };
    let mut opt_a = AdamConfig::new().init();
    let mut opt_b = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.3, -0.6, 0.9], [1.1, 0.2, -0.4]], &device);
    let y = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0]], &device);
    for step in 0..3 {
        let out_a = activation::softmax(net_a.fc.forward(x.clone()), 1);
        let out_b = activation::softmax(net_b.fc.forward(x.clone()), 1);
        let loss_a = (out_a.clone() - y.clone()).powf_scalar(2.0).mean()
            + (out_a.clone() - out_b.clone()).powf_scalar(2.0).mean() * 0.5;
        let loss_b = (out_b.clone() - y.clone()).powf_scalar(2.0).mean()
            + (out_b - out_a).powf_scalar(2.0).mean() * 0.5;
        println!("step {step}: loss_a = {}", loss_a.clone().into_scalar::<f32>());
        let grads_a = GradientsParams::from_grads(loss_a.backward(), &net_a);
        net_a = opt_a.step(0.01, net_a, grads_a);
        println!("step {step}: loss_b = {}", loss_b.clone().into_scalar::<f32>());
        let grads_b = GradientsParams::from_grads(loss_b.backward(), &net_b);
        net_b = opt_b.step(0.01, net_b, grads_b);
    }
}
