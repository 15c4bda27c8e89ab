//! Twin: the peak read from the Gradients of the batch's own backward, in the loop.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    body: Linear,
    head: Linear,
}

struct Stats {
    seen: usize,
    last: Option<f32>,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(7);
    let mut net = Net {
        body: LinearConfig::new(3, 4).init(&device),
        head: LinearConfig::new(4, 2).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats(
        [[0.1, 0.2, 0.3], [0.5, -0.1, 0.0], [1.0, 0.5, -0.5], [0.0, 0.0, 1.0], [0.3, 0.3, 0.3], [-0.2, 0.4, 0.1]],
        &device,
    );
    let y = Tensor::<2>::from_floats(
        [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.0, 0.0], [0.5, 0.5], [1.0, 0.0]],
        &device,
    );
    let mut stats = Stats { seen: 0, last: None };
    for epoch in 0..3 {
        for i in 0..3 {
            let out = net.head.forward(net.body.forward(x.clone().slice([2 * i..2 * i + 2, 0..3])).tanh());
            let err = out - y.clone().slice([2 * i..2 * i + 2, 0..2]);
            let loss = (err.clone() * err).mean();
            let raw = loss.backward();
            let peak = net.head.weight.grad(&raw).unwrap().abs().max().into_scalar::<f32>();
            let grads = GradientsParams::from_grads(raw, &net);
            net = optim.step(0.05, net, grads);
            stats.seen += 1;
            stats.last = Some(peak);
        }
        if let Some(peak) = stats.last.take() {
            println!("epoch {epoch}: {} batches, head peak {:.5}", stats.seen, peak);
        }
    }
}
