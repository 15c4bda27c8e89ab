//! A regressor pulled towards a running mean of its own predictions, the mean started from a
//! forward pass made before the loop and blended after each step. The blend keeps the graph of
//! every pass before it: the second pass's backward walks into the first's. Hand fix (twin):
//! the blend detached where it is put in `running`.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(7);
    let mut net = Net { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, -0.2], [0.1, 0.9], [-0.7, 0.3]], &device);
    let y = Tensor::<2>::from_floats([[0.3], [-0.1], [0.8]], &device);
    let mut running = net.fc.forward(x.clone()).mean();
    for epoch in 0..4 {
        let pred = net.fc.forward(x.clone());
        let fit = (pred.clone() - y.clone()).powf_scalar(2.0).mean();
        let pull = (pred.clone().mean() - running.clone()).powf_scalar(2.0);
        let loss = fit + pull * 0.1;
        println!("epoch {epoch}: loss {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.01, net, grads);
        running = running * 0.9 + pred.mean() * 0.1;
    }
}
