//! Hand twin of blend_from_scaled_val.rs: the blend detached where it is made.
//! A slow copy of the regressor's weight, blended by hand after every step, gives the target
//! that the fast regressor's output is pulled towards (a momentum target, no second network).
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Fast {
    lin: Linear,
}

const KEEP: f32 = 0.75;

fn main() {
    let device = Device::flex().autodiff();
    device.seed(52);
    let mut fast = Fast { lin: LinearConfig::new(3, 1).with_bias(false).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let batch = Tensor::<2>::from_floats([[0.4, -1.0, 0.3], [1.2, 0.2, -0.5]], &device);
    let labels = Tensor::<2>::from_floats([[0.1], [0.9]], &device);
    let mut slow_w = fast.lin.weight.val() * 0.0;

    for it in 0..3 {
        let pred = fast.lin.forward(batch.clone());
        let target = batch.clone().matmul(slow_w.clone());
        let loss = (pred.clone() - labels.clone()).powf_scalar(2.0).mean()
            + (pred - target).powf_scalar(2.0).mean() * 0.5;
        println!("it {it}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &fast);
        fast = sgd.step(0.1, fast, grads);
        slow_w = (slow_w * KEEP + fast.lin.weight.val() * (1.0 - KEEP)).detach();
    }
}
