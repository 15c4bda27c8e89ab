//! Feature whitening with running minimum, maximum and mean of a layer's output, all three
//! carried from batch to batch; the mean is also logged after its update.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Net {
    enc: Linear,
    dec: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(17);
    let mut net = Net { enc: LinearConfig::new(2, 2).init(&device), dec: LinearConfig::new(2, 1).init(&device) };
    let mut optim = AdamConfig::new().init();
    let batches = [[1.0, 0.5], [0.0, -1.0], [2.0, 0.3]];
    let goals = [0.5, -0.2, 0.9];
    let mut lo = Tensor::<2>::zeros([1, 2], &device);
    let mut hi = Tensor::<2>::ones([1, 2], &device);
    let mut avg = Tensor::<2>::zeros([1, 2], &device);
    for (b, row) in batches.iter().enumerate() {
        let e = net.enc.forward(Tensor::<2>::from_floats([*row], &device));
        let scaled = (e.clone() - lo.clone()) / (hi.clone() - lo.clone() + 1.0) - avg.clone();
        let loss = (net.dec.forward(scaled) - goals[b]).powf_scalar(2.0).sum();
        println!("batch {b}: loss = {}", loss.clone().into_scalar::<f32>());
        lo = lo.min_pair(e.clone());
        hi = hi.max_pair(e.clone());
        avg = avg * 0.9 + e * 0.1;
        println!("avg = {}", avg.clone().sum().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.01, net, grads);
    }
}
