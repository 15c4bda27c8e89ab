//! A helper closure turns a loss into parameter gradients; the step calls it once for the
//! update and once more to log the bias gradient.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Lin {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(31);
    let mut lin = Lin { fc: LinearConfig::new(2, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.3, 0.6], [0.9, -0.4]], &device);
    let y = Tensor::<2>::from_floats([[0.2], [0.7]], &device);
    for step in 0..2 {
        let loss = (lin.fc.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean();
        let grads_of = |l: &Tensor<1>| l.backward();
        let raw = grads_of(&loss);
        let bias_grad = lin.fc.bias.as_ref().unwrap().grad(&raw).unwrap();
        println!("step {step}: bias grad = {:.6}", bias_grad.into_scalar::<f32>());
        let grads = GradientsParams::from_grads(raw, &lin);
        lin = sgd.step(0.1, lin, grads);
    }
}
