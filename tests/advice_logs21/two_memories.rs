//! Two running memories of a sensor's features, each blended with this pass's features and
//! both read by the loss: each carries the last pass's tape into the next.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Sensor {
    fast: Linear,
    slow: Linear,
    head: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(7);
    let mut net = Sensor {
        fast: LinearConfig::new(3, 2).init(&device),
        slow: LinearConfig::new(3, 2).init(&device),
        head: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let readings = [[0.2, -0.1, 0.4], [0.5, 0.3, -0.2], [-0.3, 0.6, 0.1], [0.0, 0.2, 0.2]];
    let mut fast_mem = Tensor::<2>::zeros([1, 2], &device);
    let mut slow_mem = Tensor::<2>::zeros([1, 2], &device);
    for (i, r) in readings.iter().enumerate() {
        let x = Tensor::<2>::from_floats([*r], &device);
        fast_mem = fast_mem * 0.5 + net.fast.forward(x.clone());
        slow_mem = slow_mem * 0.9 + net.slow.forward(x);
        let pred = net.head.forward(fast_mem.clone() * slow_mem.clone());
        let loss = (pred - 0.25).powf_scalar(2.0).sum();
        println!("reading {i}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.1, net, grads);
    }
}
