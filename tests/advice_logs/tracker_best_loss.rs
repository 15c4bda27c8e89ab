//! A tracker keeps the lowest loss seen; after training, that loss is backpropagated once more
//! for a final fine-tuning step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Reg {
    lin: Linear,
}

struct Tracker {
    lowest: f32,
    best_loss: Option<Tensor<1>>,
}

impl Tracker {
    fn update(&mut self, current: Tensor<1>) {
        let v = current.clone().into_scalar::<f32>();
        if v < self.lowest {
            self.lowest = v;
            self.best_loss = Some(current);
        }
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(4);
    let mut reg = Reg { lin: LinearConfig::new(1, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0], [2.0]], &device);
    let y = Tensor::<2>::from_floats([[2.0], [4.0]], &device);
    let mut tracker = Tracker { lowest: f32::MAX, best_loss: None };
    for step in 0..4 {
        let l = (reg.lin.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean();
        tracker.update(l.clone());
        let grads = GradientsParams::from_grads(l.backward(), &reg);
        reg = optim.step(0.01, reg, grads);
        println!("step {step}: lowest = {:.5}", tracker.lowest);
    }
    if let Some(b) = tracker.best_loss.clone() {
        let grads = GradientsParams::from_grads(b.backward(), &reg);
        reg = optim.step(0.01, reg, grads);
    }
    println!("done: {:.5}", reg.lin.forward(x).sum().into_scalar::<f32>());
}
