//! Features normalised with running mean/variance that are updated from each batch's
//! statistics (a hand-written batch-norm), older backend-generic style.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    feat: Linear<B>,
    head: Linear<B>,
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 6);
    let mut net: Net<B> = Net {
        feat: LinearConfig::new(2, 3).init(&device),
        head: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let batches = [
        Tensor::<B, 2>::from_floats([[1.0, 2.0], [0.5, -1.0], [0.0, 0.3]], &device),
        Tensor::<B, 2>::from_floats([[0.2, 0.2], [1.5, 0.5], [-1.0, 1.0]], &device),
        Tensor::<B, 2>::from_floats([[0.7, -0.4], [0.1, 0.9], [0.3, 0.3]], &device),
    ];
    let y = Tensor::<B, 2>::from_floats([[1.0], [0.0], [0.5]], &device);

    let mut running_mean = Tensor::<B, 2>::zeros([1, 3], &device);
    let mut running_var = Tensor::<B, 2>::ones([1, 3], &device);
    for (i, x) in batches.iter().enumerate() {
        let f = net.feat.forward(x.clone());
        let normed = (f.clone() - running_mean.clone()) / (running_var.clone() + 1e-5).sqrt();
        let loss = (net.head.forward(normed) - y.clone()).powf_scalar(2.0).mean();
        println!("batch {i}: loss = {}", loss.clone().into_scalar());

        let batch_mean = f.clone().mean_dim(0);
        let batch_var = (f - batch_mean.clone()).powf_scalar(2.0).mean_dim(0);
        running_mean = running_mean * 0.9 + batch_mean * 0.1;
        running_var = running_var * 0.9 + batch_var * 0.1;

        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.01, net, grads);
    }
}
