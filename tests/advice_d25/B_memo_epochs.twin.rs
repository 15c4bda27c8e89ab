//! Older `Tensor<B, D>` style. Pair scoring over two epochs: item codes are memoised in a map
//! made anew for each batch (twin), filled where a key is missing and read back at it.
use std::collections::HashMap;

use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct ItemNet<B: Backend> {
    code: Linear<B>,
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 305);
    let mut net: ItemNet<B> = ItemNet { code: LinearConfig::new(2, 3).init(&device) };
    let mut adam = AdamConfig::new().init();
    let items = Tensor::<B, 2>::from_floats([[1.0, 0.0], [0.0, 1.0], [0.7, 0.7]], &device);
    let batches = vec![vec![(0usize, 1usize), (1, 2)], vec![(2, 0), (0, 1)]];
    for epoch in 0..2 {
        for (b, pairs) in batches.iter().enumerate() {
            let mut codes = HashMap::new();
            let mut total = Tensor::<B, 1>::zeros([1], &device);
            for &(i, j) in pairs.iter() {
                for k in [i, j] {
                    if !codes.contains_key(&k) {
                        let c = net.code.forward(items.clone().slice([k..k + 1, 0..2])).tanh();
                        codes.insert(k, c);
                    }
                }
                let ci: Tensor<B, 2> = codes.get(&i).unwrap().clone();
                let cj: Tensor<B, 2> = codes.get(&j).unwrap().clone();
                total = total + (ci * cj).sum().sub_scalar(0.5).powf_scalar(2.0);
            }
            println!("epoch {epoch} batch {b}: {:.6}", total.clone().into_scalar());
            let grads = GradientsParams::from_grads(total.backward(), &net);
            net = adam.step(1e-2, net, grads);
        }
    }
}
