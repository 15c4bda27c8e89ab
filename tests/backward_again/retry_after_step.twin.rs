//! A step is retried with a smaller learning rate when the loss is large; the retry
//! backpropagates the same loss again.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Reg {
    fc: Linear,
}

fn train_step(reg: Reg, optim: &mut impl Optimizer<Reg>, x: Tensor<2>, y: Tensor<2>) -> Reg {
    let loss = (reg.fc.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean();
    let value = loss.clone().into_scalar::<f32>();
    let grads = GradientsParams::from_grads(loss.backward(), &reg);
    let mut reg = optim.step(0.5, reg, grads);
    if value > 0.1 {
        println!("retrying: loss {value:.5}");
        let loss = (reg.fc.forward(x) - y).powf_scalar(2.0).mean();
        let grads = GradientsParams::from_grads(loss.backward(), &reg);
        reg = optim.step(0.05, reg, grads);
    }
    reg
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut reg = Reg { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.4, 0.9], [0.7, -0.2]], &device);
    let y = Tensor::<2>::from_floats([[1.5], [-0.8]], &device);
    for step in 0..3 {
        reg = train_step(reg, &mut optim, x.clone(), y.clone());
        println!("step {step} done");
    }
}
