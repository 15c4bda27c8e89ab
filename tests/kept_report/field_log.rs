//! A log struct keeps every step's loss; at the end the mean of the logged losses is
//! backpropagated for a final correction step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

struct Log {
    losses: Vec<Tensor<1>>,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut lin: Linear = LinearConfig::new(2, 1).init(&device);
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [0.0]], &device);
    let mut log = Log { losses: Vec::new() };
    for step in 0..3 {
        let loss = (lin.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean();
        println!("step {step}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.clone().backward(), &lin);
        lin = optim.step(0.01, lin, grads);
        log.losses.push(loss);
    }
    let mean = Tensor::cat(log.losses.clone(), 0).mean();
    let grads = GradientsParams::from_grads(mean.backward(), &lin);
    lin = optim.step(0.01, lin, grads);
    println!("final {:.5}", (lin.forward(x) - y).powf_scalar(2.0).mean().into_scalar::<f32>());
}
