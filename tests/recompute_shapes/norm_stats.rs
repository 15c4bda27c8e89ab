//! Regression on standardised features: the encoder's output is standardised with the mean and
//! std of the whole training set, computed once before training to save time.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    enc: Linear,
    head: Linear,
}

impl Net {
    fn features(&self, x: Tensor<2>) -> Tensor<2> {
        self.enc.forward(x).tanh()
    }
}

fn standardise(f: Tensor<2>, mean: Tensor<2>, std: Tensor<2>) -> Tensor<2> {
    (f - mean) / std
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut net = Net {
        enc: LinearConfig::new(3, 4).init(&device),
        head: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let xs = Tensor::<2>::from_floats(
        [[1.0, 0.5, -0.2], [0.3, -1.0, 0.8], [-0.6, 0.2, 0.4], [0.9, 0.9, -0.7]],
        &device,
    );
    let ys = Tensor::<2>::from_floats([[0.5], [-0.3], [0.1], [0.7]], &device);

    // Dataset statistics of the features, computed once.
    let all = net.features(xs.clone());
    let mean = all.clone().mean_dim(0);
    let std = (all - mean.clone()).powf_scalar(2.0).mean_dim(0).add_scalar(1e-5).sqrt();

    for epoch in 0..2 {
        for i in 0..2 {
            let x = xs.clone().slice([2 * i..2 * i + 2, 0..3]);
            let y = ys.clone().slice([2 * i..2 * i + 2, 0..1]);
            let f = standardise(net.features(x), mean.clone(), std.clone());
            let loss = (net.head.forward(f) - y).powf_scalar(2.0).mean();
            println!("epoch {epoch} batch {i}: loss = {}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &net);
            net = optim.step(0.05, net, grads);
        }
    }
}
