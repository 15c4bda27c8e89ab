//! Per-task exponential moving average of the head's output, kept in a BTreeMap by task name
//! and used as a consistency target for the next batch of the same task.
use std::collections::BTreeMap;

use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Head {
    proj: Linear,
}

fn remember(targets: &mut BTreeMap<String, Tensor<1>>, task: &str, out: Tensor<1>) {
    targets
        .entry(task.to_string())
        .and_modify(|t| *t = t.clone() * 0.5 + out.clone().detach() * 0.5)
        .or_insert_with(|| out.clone().detach());
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(11);
    let mut head = Head { proj: LinearConfig::new(2, 2).init(&device) };
    let mut optim = AdamConfig::new().init();
    let mut targets: BTreeMap<String, Tensor<1>> = BTreeMap::new();
    let batches = [("pos", [0.5, 1.0]), ("neg", [-1.0, 0.2]), ("pos", [0.4, 0.9]), ("neg", [-0.8, 0.1])];
    for (i, (task, x)) in batches.iter().enumerate() {
        let out = head.proj.forward(Tensor::<1>::from_floats(*x, &device).unsqueeze::<2>()).reshape([2]);
        let loss = match targets.get(*task) {
            Some(t) => (out.clone() - t.clone()).powf_scalar(2.0).mean(),
            None => out.clone().powf_scalar(2.0).mean(),
        };
        println!("batch {i} ({task}): {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &head);
        head = optim.step(0.01, head, grads);
        remember(&mut targets, task, out);
    }
}
