//! A step redone with the loss scaled by the clip factor when the gradient norm is too large:
//! `(loss * (MAX_NORM / norm)).backward()` after `loss.backward()` (written in review).
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

const MAX_NORM: f32 = 0.5;

fn main() {
    let device = Device::flex().autodiff();
    device.seed(4);
    let mut net = Net { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, -1.0]], &device);
    for step in 0..4 {
        let loss = (net.fc.forward(x.clone()) - 1.0).powf_scalar(2.0).mean();
        let mut grads = loss.backward();
        let norm = net.fc.weight.grad(&grads).unwrap().powf_scalar(2.0).sum().sqrt().into_scalar::<f32>();
        if norm > MAX_NORM {
            let loss = (net.fc.forward(x.clone()) - 1.0).powf_scalar(2.0).mean();
            grads = (loss * (MAX_NORM / norm)).backward();
        }
        println!("step {step}: norm {norm}");
        let grads = GradientsParams::from_grads(grads, &net);
        net = optim.step(0.1, net, grads);
    }
}
