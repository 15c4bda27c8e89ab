//! Gradient accumulation in the older dialect: a running sum started from zeros at each epoch,
//! backpropagated every third batch, then stepped.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Net<B: Backend> {
    layer: Linear<B>,
}

fn main() {
    let device = Default::default();
    B::seed(&device, 3);
    let mut net: Net<B> = Net { layer: LinearConfig::new(2, 1).init(&device) };
    let mut opt = SgdConfig::new().init();
    let xs = [[0.2, 0.4], [0.9, -0.1], [-0.5, 0.3], [0.7, 0.7], [0.0, -0.8], [0.3, 0.1]];
    let ys = [0.5, -0.2, 0.1, 0.9, -0.6, 0.2];

    for epoch in 0..2 {
        let mut total = Tensor::<B, 1>::zeros([1], &device);
        for k in 0..6 {
            let x = Tensor::<B, 2>::from_floats([xs[k]], &device);
            let err = net.layer.forward(x) - ys[k];
            total = total + err.powf_scalar(2.0).mean();
            if k % 3 == 2 {
                let value: f32 = total.clone().into_scalar().elem();
                println!("epoch {epoch} step {k}: {value:.5}");
                let grads = GradientsParams::from_grads(total.clone().backward(), &net);
                net = opt.step(0.05, net, grads);
            }
        }
    }
}
