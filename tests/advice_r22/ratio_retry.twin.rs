//! Hand twin of ratio_retry.rs: the loss built again (its forward run again) for the retry.
//! A retry that shrinks the update: when the weight gradient is large, the loss is divided by the
//! ratio to the limit and backpropagated again before the step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Fit {
    lin: Linear,
}

const LIMIT: f32 = 0.5;

fn main() {
    let device = Device::flex().autodiff();
    device.seed(12);
    let mut net = Fit { lin: LinearConfig::new(3, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[2.0, -1.0, 0.5], [1.5, 3.0, -2.0]], &device);
    let y = Tensor::<2>::from_floats([[4.0], [-3.0]], &device);

    for step in 0..2 {
        let err = (net.lin.forward(x.clone()) - y.clone()).abs().mean();
        let mut grads = err.backward();
        let size = net.lin.weight.val().grad(&grads).unwrap().abs().sum().into_scalar::<f32>();
        println!("step {step}: err = {:.6}, |grad w| = {:.6}", err.clone().into_scalar::<f32>(), size);
        if size > LIMIT {
            grads = ((net.lin.forward(x.clone()) - y.clone()).abs().mean() / (size / LIMIT)).backward();
        }
        let grads = GradientsParams::from_grads(grads, &net);
        net = optim.step(0.1, net, grads);
    }
}
