//! Session memory keyed by a string: each session's hidden summary is averaged with the new
//! one; the predictor reads the session's summary as context.
use std::collections::HashMap;

use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Summarizer {
    enc: Linear,
    out: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(4);
    let mut model = Summarizer {
        enc: LinearConfig::new(2, 2).init(&device),
        out: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let mut memory: HashMap<String, Tensor<2>> = HashMap::new();
    let events = [("a", [1.0, 0.0], 0.5), ("b", [0.0, 1.0], -0.5), ("a", [0.5, 0.5], 0.2), ("b", [1.0, 1.0], 0.0)];
    for (step, (session, x, y)) in events.iter().enumerate() {
        let key = session.to_string();
        let h = model.enc.forward(Tensor::<2>::from_floats([*x], &device)).tanh();
        let context = match memory.get(&key) {
            Some(m) => h.clone() + m.clone(),
            None => h.clone(),
        };
        let loss = (model.out.forward(context) - *y).powf_scalar(2.0).mean();
        println!("step {step} [{session}]: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.01, model, grads);
        if let Some(slot) = memory.get_mut(&key) {
            *slot = (slot.clone() + h.clone()) / 2.0;
        } else {
            memory.insert(key.clone(), h.clone());
        }
    }
}
