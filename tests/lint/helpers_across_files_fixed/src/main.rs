//! Fixed: the embedding is computed in every epoch by the current model, so the backward in
//! train.rs walks a graph of its own each time.
mod model;
mod train;

use burn::backend::{Autodiff, NdArray};
use burn::optim::AdamConfig;
use burn::prelude::*;

type B = Autodiff<NdArray>;

fn main() {
    let device = Default::default();
    let mut model = model::Regressor::<B>::new(&device);
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<B, 2>::random([64, 16], burn::tensor::Distribution::Default, &device);
    let y = x.clone().sum_dim(1);
    for epoch in 0..10 {
        let embedded = model.embed(x.clone());
        model = train::fit_step(model, &mut optim, embedded, y.clone());
        println!("epoch {epoch} done");
    }
}
