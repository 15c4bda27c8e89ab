//! Every step's loss is kept in a history for plotting; after training, the most recent loss is
//! backpropagated once more for a final small step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Reg {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(19);
    let mut reg = Reg { fc: LinearConfig::new(2, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.4, 0.2], [-0.1, 0.8], [0.6, 0.6]], &device);
    let y = Tensor::<2>::from_floats([[0.6], [0.5], [1.0]], &device);
    let mut history: Vec<Tensor<1>> = Vec::new();
    for _ in 0..3 {
        let loss = (reg.fc.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean();
        let grads = GradientsParams::from_grads(loss.backward(), &reg);
        reg = sgd.step(0.1, reg, grads);
        history.push(loss);
    }
    println!("history: {}", history.len());
    if let Some(loss) = history.last() {
        let grads = GradientsParams::from_grads(loss.backward(), &reg);
        reg = sgd.step(0.01, reg, grads);
    }
    println!("w = {:.6}", reg.fc.weight.val().sum().into_scalar::<f32>());
}
