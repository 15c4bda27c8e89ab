//! Per-item EMA of a scorer's output kept by a tracker (older Burn style); the scorer is
//! regularised toward the item's EMA.
use std::collections::BTreeMap;

use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Scorer<B: Backend> {
    lin: Linear<B>,
}

struct Tracker<B: Backend> {
    ema: BTreeMap<usize, Tensor<B, 1>>,
}

impl<B: Backend> Tracker<B> {
    fn observe(&mut self, id: usize, v: Tensor<B, 1>) {
        let e = self.ema.entry(id).or_insert_with(|| v.clone());
        *e = e.clone() * 0.9 + v * 0.1;
    }
}

fn main() {
    let device = Default::default();
    B::seed(&device, 8);
    let mut scorer: Scorer<B> = Scorer { lin: LinearConfig::new(3, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut tracker: Tracker<B> = Tracker { ema: BTreeMap::new() };
    let items = [(0usize, [0.1, 0.2, 0.3]), (1, [0.3, 0.1, 0.0]), (0, [0.2, 0.2, 0.2]), (1, [0.0, 0.4, 0.1])];
    for (t, (id, x)) in items.iter().enumerate() {
        let s = scorer.lin.forward(Tensor::<B, 2>::from_floats([*x], &device)).reshape([1]);
        let reg = match tracker.ema.get(id) {
            Some(e) => (s.clone() - e.clone()).powf_scalar(2.0).sum(),
            None => s.clone().sum() * 0.0,
        };
        let loss = (s.clone() - 1.0).powf_scalar(2.0).sum() + reg;
        println!("t={t}: {:.6}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &scorer);
        scorer = optim.step(0.1, scorer, grads);
        tracker.observe(*id, s);
    }
}
