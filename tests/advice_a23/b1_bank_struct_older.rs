//! Class-conditional memory bank (older Burn style): each class keeps a running centroid of its
//! features in a struct's HashMap; a sample is pulled toward its class centroid.
use std::collections::HashMap;

use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Net<B: Backend> {
    feat: Linear<B>,
}

struct Bank<B: Backend> {
    centroids: HashMap<u32, Tensor<B, 2>>,
    momentum: f32,
}

impl<B: Backend> Bank<B> {
    fn centroid(&self, class: u32) -> Option<Tensor<B, 2>> {
        self.centroids.get(&class).cloned()
    }

    fn update(&mut self, class: u32, feature: Tensor<B, 2>) {
        match self.centroids.get_mut(&class) {
            Some(c) => {
                *c = c.clone() * self.momentum + feature * (1.0 - self.momentum);
            }
            None => {
                self.centroids.insert(class, feature);
            }
        }
    }
}

fn main() {
    let device = Default::default();
    B::seed(&device, 3);
    let mut net: Net<B> = Net { feat: LinearConfig::new(2, 3).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut bank: Bank<B> = Bank { centroids: HashMap::new(), momentum: 0.9 };
    let data: [([f32; 2], u32); 4] = [([1.0, 0.0], 3), ([0.0, 1.0], 5), ([0.9, 0.1], 3), ([0.2, 0.8], 5)];
    for (step, (x, class)) in data.iter().enumerate() {
        let f = net.feat.forward(Tensor::<B, 2>::from_floats([*x], &device)).tanh();
        let loss = match bank.centroid(*class) {
            Some(c) => (f.clone() - c).powf_scalar(2.0).sum(),
            None => f.clone().abs().sum() * 0.1,
        };
        println!("step {step}: {:.6}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.05, net, grads);
        bank.update(*class, f);
    }
}
