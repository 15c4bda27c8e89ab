//! Older Burn dialect: class centroids are computed once per round from labelled anchors, then
//! each probe is trained towards its class centroid, one update per probe.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Proj<B: Backend> {
    lin: Linear<B>,
}

fn main() {
    let device = Default::default();
    B::seed(&device, 4);
    let mut proj: Proj<B> = Proj { lin: LinearConfig::new(3, 2).init(&device) };
    let mut adam = AdamConfig::new().init();
    let anchors = Tensor::<B, 2>::from_floats(
        [[1.0, 0.0, 0.2], [0.8, 0.1, 0.0], [0.0, 1.0, 0.3], [0.1, 0.9, 0.1]],
        &device,
    );
    let probes = Tensor::<B, 2>::from_floats([[0.9, 0.2, 0.1], [0.2, 0.7, 0.2], [0.7, 0.0, 0.3]], &device);
    let probe_class = [0usize, 1, 0];
    for round in 0..2 {
        for p in 0..3 {
            let centroids: Vec<Tensor<B, 1>> = (0..2usize)
                .map(|k| proj.lin.forward(anchors.clone().narrow(0, 2 * k, 2)).mean_dim(0).reshape([2]))
                .collect();
            let z = proj.lin.forward(probes.clone().narrow(0, p, 1)).reshape([2]);
            let loss = (z - centroids[probe_class[p]].clone()).abs().sum();
            println!("round {round} probe {p}: {:.5}", loss.clone().into_scalar());
            let grads = GradientsParams::from_grads(loss.backward(), &proj);
            proj = adam.step(0.01, proj, grads);
        }
    }
}
