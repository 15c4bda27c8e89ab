//! Gradient accumulation in a small struct: losses are summed into `acc.sum` and stepped every
//! second batch; at the end the final batch is flushed again to be safe.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Net<B: Backend> {
    fc: Linear<B>,
}

struct Accum {
    sum: Option<Tensor<B, 1>>,
    count: usize,
}

fn main() {
    let device = Default::default();
    B::seed(&device, 12);
    let mut net: Net<B> = Net { fc: LinearConfig::new(2, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let xs = Tensor::<B, 2>::from_floats([[0.2, 0.1], [0.5, -0.5], [0.9, 0.3], [-0.4, 0.6]], &device);
    let ys = Tensor::<B, 2>::from_floats([[0.3], [0.0], [1.1], [0.2]], &device);
    let mut acc = Accum { sum: None, count: 0 };
    for i in 0..4 {
        let x = xs.clone().narrow(0, i, 1);
        let y = ys.clone().narrow(0, i, 1);
        let loss = (net.fc.forward(x) - y).abs().sum();
        acc.sum = Some(match acc.sum.take() {
            Some(s) => s + loss,
            None => loss,
        });
        acc.count += 1;
        if acc.count == 2 {
            let batch_loss = acc.sum.take().unwrap();
            acc.count = 0;
            let grads = GradientsParams::from_grads(batch_loss.backward(), &net);
            net = sgd.step(0.1, net, grads);
        }
    }
    if let Some(loss) = acc.sum.take() {
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = sgd.step(0.1, net, grads);
    }
    println!("w = {:.6}", net.fc.weight.val().sum().into_scalar());
}
