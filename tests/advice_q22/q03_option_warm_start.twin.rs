//! A warm-start term, present only when a flag is set, is computed once (an `Option`) before
//! the training loop and added to each step's prediction.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    warm: Linear,
    body: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut model = Model {
        warm: LinearConfig::new(2, 2).init(&device),
        body: LinearConfig::new(2, 2).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let use_warm = true;
    let seed_in = Tensor::<2>::from_floats([[1.0, -1.0], [0.5, 0.5]], &device);
    let x = Tensor::<2>::from_floats([[0.3, 0.7], [-0.2, 0.9]], &device);
    let y = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0]], &device);

    for step in 0..3 {
        let warm = if use_warm { Some(model.warm.forward(seed_in.clone())) } else { None };
        let mut pred = model.body.forward(x.clone());
        if let Some(w) = &warm {
            pred = pred + w.clone();
        }
        let loss = (pred - y.clone()).powf_scalar(2.0).mean();
        println!("step {step}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
    }
}
