//! Training a regressor whose embedding is computed once, before the loop; the step that runs
//! the backward lives in train.rs. Its first backward consumes the embedding's steps.
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
    let embedded = model.embed(x); //~ WARN loop-external-tracked
    for epoch in 0..10 {
        model = train::fit_step(model, &mut optim, embedded.clone(), y.clone());
        println!("epoch {epoch} done");
    }
}
