//! Training with a small monitor that records the gradient norm of the first layer's weight at
//! every step, for a plot after training.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    fc1: Linear,
    fc2: Linear,
}

struct Monitor {
    norms: Vec<f32>,
}

impl Monitor {
    fn record(&mut self, loss: &Tensor<1>, net: &Net) {
        let grads = loss.backward();
        let g = net.fc1.weight.grad(&grads).unwrap();
        let norm = g.powf_scalar(2.0).sum().sqrt().into_scalar::<f32>();
        self.norms.push(norm);
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(53);
    let mut net = Net {
        fc1: LinearConfig::new(2, 3).init(&device),
        fc2: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let mut monitor = Monitor { norms: Vec::new() };
    let x = Tensor::<2>::from_floats([[1.0, -1.0], [0.5, 0.25], [-0.3, 0.8]], &device);
    let y = Tensor::<2>::from_floats([[0.0], [1.0], [0.5]], &device);

    for step in 0..3 {
        let pred = net.fc2.forward(net.fc1.forward(x.clone()).tanh());
        let loss = (pred - y.clone()).powf_scalar(2.0).mean();
        monitor.record(&loss, &net);
        println!("step {step}: loss = {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(1e-2, net, grads);
    }
    println!("grad norms: {:?}", monitor.norms);
}
