use std::collections::{BTreeMap, HashMap, VecDeque};

use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsAccumulator, GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
    head: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(11);
    let mut net = Net {
        fc: LinearConfig::new(2, 3).init(&device),
        head: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.2, 0.4], [0.6, -0.1], [0.9, 0.3]], &device);
    let y = Tensor::<2>::from_floats([[0.5], [0.1], [0.8]], &device);
    for step in 0..3 {
        let pred = net.head.forward(net.fc.forward(x.clone()).tanh());
        let mse = (pred.clone() - y.clone()).powf_scalar(2.0).mean();
        let reg = pred.abs().mean() * 0.1;
        let mut losses = HashMap::new();
        losses.insert("mse", mse);
        losses.insert("reg", reg);
        let mut accum = GradientsAccumulator::new();
        for (_name, loss) in losses.iter() {
            println!("step {step}: {}", loss.clone().into_scalar::<f32>());
            accum.accumulate(&net, GradientsParams::from_grads(loss.backward(), &net));
        }
        net = optim.step(0.1, net, accum.grads());
    }
}
