//! Hand verdict (fixer C, session 23): `double-backward` on `objective`. When `verbose` is set,
//! a branch backpropagates a clone of the objective to print the bias gradient; the step then
//! backpropagates the objective itself: the second backward panics at the objective. Hand fix
//! (twin): one backward before the branch, its gradients printed and stepped.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Probe {
    fc: Linear,
}

fn train(verbose: bool) {
    let device = Device::flex().autodiff();
    device.seed(21);
    let mut probe = Probe { fc: LinearConfig::new(3, 2).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let inputs = Tensor::<2>::from_floats([[0.2, 0.1, -0.6], [1.0, 0.0, 0.5]], &device);
    let wanted = Tensor::<2>::from_floats([[0.0, 1.0], [1.0, 0.0]], &device);
    for it in 0..3 {
        let out = probe.fc.forward(inputs.clone()).tanh();
        let objective = (out - wanted.clone()).powf_scalar(2.0).sum();
        println!("it {it}: objective = {:.5}", objective.clone().into_scalar::<f32>());
        if verbose {
            let seen = objective.clone().backward();
            let gb = probe.fc.bias.as_ref().unwrap().grad(&seen).unwrap();
            println!("it {it}: bias grad = {:.5}", gb.sum().into_scalar::<f32>());
        }
        let grads = GradientsParams::from_grads(objective.backward(), &probe);
        probe = sgd.step(0.05, probe, grads);
    }
}

fn main() {
    train(true);
}
