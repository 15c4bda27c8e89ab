//! Per-class running sum of features and a count, kept as a tuple in a HashMap; the class mean
//! is the target of the next sample of the class.
use std::collections::HashMap;

use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(6);
    let mut net = Net { fc: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut stats: HashMap<usize, (Tensor<2>, usize)> = HashMap::new();
    let data = [([1.0, 0.0], 0usize), ([0.0, 1.0], 1), ([0.8, 0.2], 0), ([0.1, 0.9], 1)];
    for (i, (x, c)) in data.iter().enumerate() {
        let z = net.fc.forward(Tensor::<2>::from_floats([*x], &device));
        let loss = match stats.get(c) {
            Some((sum, n)) => (z.clone() - sum.clone() / (*n as f32)).powf_scalar(2.0).mean(),
            None => z.clone().powf_scalar(2.0).mean(),
        };
        println!("sample {i}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.1, net, grads);
        if let Some(entry) = stats.get_mut(c) {
            entry.0 = entry.0.clone() + z.clone();
            entry.1 += 1;
        } else {
            stats.insert(*c, (z.clone(), 1));
        }
    }
}
