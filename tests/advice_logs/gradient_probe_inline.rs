//! A smoothness penalty read from the input gradient of one scoring pass; the same scores
//! then give the loss, backpropagated for the optimizer step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Scorer {
    lin: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(17);
    let mut scorer = Scorer { lin: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    for step in 0..2 {
        let x = Tensor::<2>::from_floats([[0.5, -0.5], [1.0, 0.25]], &device).require_grad();
        let out = scorer.lin.forward(x.clone());
        let probe = out.clone().sum().backward();
        let gx = x.grad(&probe).expect("x requires grad");
        let smooth = gx.powf_scalar(2.0).sum().into_scalar::<f32>();
        let loss = out.mean() + smooth * 0.1;
        println!("step {step}: smooth = {smooth:.5}");
        let grads = GradientsParams::from_grads(loss.backward(), &scorer);
        scorer = optim.step(0.1, scorer, grads);
    }
}
