// A tracker's method adds a detached copy of each loss to a field (`self.total =
// self.total.clone() + loss.clone().detach()`), whose average scales the next loss: the field
// starts as data and stays data. pbpit run: clean.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    fc: Linear,
}

struct LossTracker {
    total: Tensor<1>,
    count: usize,
}

impl LossTracker {
    fn record(&mut self, loss: &Tensor<1>) {
        self.total = self.total.clone() + loss.clone().detach();
        self.count += 1;
    }

    fn average(&self) -> Tensor<1> {
        self.total.clone() / (self.count as f32)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(10);
    let mut model = Model { fc: LinearConfig::new(3, 1).init(&device) };
    let mut optim = AdamConfig::new().init();
    let mut tracker = LossTracker { total: Tensor::<1>::zeros([1], &device), count: 0 };
    let x = Tensor::<2>::from_floats([[0.1, 0.2, 0.3], [0.9, -0.4, 0.0], [0.5, 0.5, -1.0]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [-1.0], [0.0]], &device);
    for step in 0..4 {
        let raw = (model.fc.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean();
        let loss = if tracker.count == 0 { raw.clone() } else { raw.clone() / tracker.average() };
        tracker.record(&raw);
        println!("step {step}: raw = {}, scaled = {}", raw.into_scalar::<f32>(), loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-2, model, grads);
    }
}
