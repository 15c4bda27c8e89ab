//! A tracker keeps the best loss value as a number (an `Option<f32>` log); the step
//! backpropagates the data loss, then a regularized copy of it for a second, smaller step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

struct Tracker {
    best_value: Option<f32>,
}

impl Tracker {
    fn observe(&mut self, value: f32) {
        if self.best_value.map_or(true, |b| value < b) {
            self.best_value = Some(value);
        }
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut model = Net { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 0.5], [0.2, -1.0]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [0.0]], &device);
    let mut tracker = Tracker { best_value: None };
    let loss = (model.fc.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean();
    tracker.observe(loss.clone().into_scalar::<f32>());
    let grads = GradientsParams::from_grads(loss.backward(), &model);
    model = optim.step(0.1, model, grads);
    let best = loss.clone() * 1.5;
    let grads = GradientsParams::from_grads(best.backward(), &model);
    model = optim.step(0.01, model, grads);
    if let Some(best) = tracker.best_value {
        println!("best = {best:.4}");
    }
    println!("done: {:?}", model.fc.weight.val().into_data().to_vec::<f32>().unwrap());
}
