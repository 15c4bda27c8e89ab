//! A history struct records each step's loss through its own method; the epoch ends with a
//! step on the mean of the recorded losses.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

struct History {
    losses: Vec<Tensor<1>>,
}

impl History {
    fn record(&mut self, loss: Tensor<1>) {
        self.losses.push(loss);
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(19);
    let mut lin: Linear = LinearConfig::new(1, 1).init(&device);
    let mut optim = SgdConfig::new().init();
    let xs = Tensor::<2>::from_floats([[0.0], [1.0], [2.0]], &device);
    let ys = Tensor::<2>::from_floats([[1.0], [3.0], [5.0]], &device);
    let mut history = History { losses: Vec::new() };
    for step in 0..3 {
        let loss = (lin.forward(xs.clone().slice([step..step + 1, 0..1])) - ys.clone().slice([step..step + 1, 0..1])).powf_scalar(2.0).mean();
        let grads = GradientsParams::from_grads(loss.clone().backward(), &lin);
        lin = optim.step(0.05, lin, grads);
        history.record(loss);
    }
    let mean = Tensor::cat(history.losses, 0).mean();
    println!("mean {:.5}", mean.clone().into_scalar::<f32>());
    let grads = GradientsParams::from_grads(mean.backward(), &lin);
    lin = optim.step(0.05, lin, grads);
    println!("after {:.5}", lin.forward(xs).sum().into_scalar::<f32>());
}
