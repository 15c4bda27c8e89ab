//! A stats struct keeps the latest loss for the report; after training the report's loss is
//! backpropagated once more for a final fine-tuning step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Tiny {
    lin: Linear,
}

struct Stats {
    latest: Option<Tensor<1>>,
    steps: usize,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(77);
    let mut model = Tiny { lin: LinearConfig::new(2, 2).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let xs = Tensor::<2>::from_floats([[0.3, -0.6], [0.9, 0.1], [-0.4, 0.8]], &device);
    let ys = Tensor::<2>::from_floats([[0.0, 1.0], [1.0, 0.0], [0.5, 0.5]], &device);
    let mut stats = Stats { latest: None, steps: 0 };
    for k in 0..3 {
        let x = xs.clone().slice([k..k + 1, 0..2]);
        let y = ys.clone().slice([k..k + 1, 0..2]);
        let out = model.lin.forward(x);
        let loss = (out - y).powf_scalar(2.0).mean();
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = sgd.step(0.1, model, grads);
        stats.latest = Some(loss);
        stats.steps += 1;
    }
    println!("steps = {}", stats.steps);
    if let Some(loss) = stats.latest.take() {
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = sgd.step(0.01, model, grads);
    }
    println!("w = {:.6}", model.lin.weight.val().sum().into_scalar::<f32>());
}
