//! Gradient accumulation over windows of steps: a trainer sums each step's loss in a field and
//! backpropagates the sum every two steps.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    fc: Linear,
}

struct Accumulator {
    total: Option<Tensor<1>>,
    steps: usize,
}

impl Accumulator {
    fn add(&mut self, loss: Tensor<1>) {
        self.total = Some(self.total.take().map_or(loss.clone(), |t| t + loss));
        self.steps += 1;
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(6);
    let mut model = Model { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut acc = Accumulator { total: None, steps: 0 };
    let xs = [[0.2, 0.4], [1.0, -0.5], [0.3, 0.3], [-0.6, 0.9]];
    let ys = [0.5, 0.1, -0.2, 0.7];
    for step in 0..4 {
        let x = Tensor::<2>::from_floats([xs[step]], &device);
        let y = Tensor::<2>::from_floats([[ys[step]]], &device);
        let loss = (model.fc.forward(x) - y).powf_scalar(2.0).mean();
        println!("step {step}: loss = {}", loss.clone().into_scalar::<f32>());
        acc.add(loss);
        if acc.steps % 2 == 0 {
            let total = acc.total.clone().unwrap();
            let grads = GradientsParams::from_grads(total.backward(), &model);
            model = optim.step(0.05, model, grads);
        }
    }
}
