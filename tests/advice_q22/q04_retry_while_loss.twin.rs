//! Step with a shrinking learning rate until the objective improves: the objective is built
//! once per outer step, its value kept to compare against, and retried in a `while` loop.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Fit {
    layer: Linear,
}

impl Fit {
    fn objective(&self, inputs: Tensor<2>, wanted: Tensor<2>) -> Tensor<1> {
        (self.layer.forward(inputs) - wanted).powf_scalar(2.0).mean()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(8);
    let mut fit = Fit { layer: LinearConfig::new(3, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let inputs = Tensor::<2>::from_floats([[1.0, 0.0, 2.0], [0.0, 3.0, -1.0], [1.0, 1.0, 1.0]], &device);
    let wanted = Tensor::<2>::from_floats([[2.0], [-1.0], [0.5]], &device);

    for outer in 0..2 {
        let objective = fit.objective(inputs.clone(), wanted.clone());
        let start = objective.clone().into_scalar::<f32>();
        let mut rate = 1.5;
        let mut tries = 0;
        while tries < 4 {
            let fresh = fit.objective(inputs.clone(), wanted.clone());
            let grads = GradientsParams::from_grads(fresh.backward(), &fit);
            let trial = sgd.step(rate, fit.clone(), grads);
            let value = trial.objective(inputs.clone(), wanted.clone()).into_scalar::<f32>();
            println!("outer {outer} try {tries}: rate {rate} {start:.6} -> {value:.6}");
            if value < start {
                fit = trial;
                break;
            }
            rate *= 0.5;
            tries += 1;
        }
    }
}
