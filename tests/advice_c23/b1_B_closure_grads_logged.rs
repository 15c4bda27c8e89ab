//! Hand verdict (fixer C, session 23), older `Tensor<B, D>` style: `double-backward` on `loss`.
//! A closure runs the backward; every third epoch it is called on a clone of the loss to log the
//! weight's gradient norm, then called again on the loss for the step: the second call panics
//! at the loss. Hand fix (twin): call it once, before the log, and step with those gradients.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::backend::AutodiffBackend,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Reg<B: Backend> {
    lin: Linear<B>,
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 9);
    let mut reg: Reg<B> = Reg { lin: LinearConfig::new(2, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[1.0, 2.0], [0.5, -1.0], [0.0, 0.3]], &device);
    let y = Tensor::<B, 2>::from_floats([[1.0], [0.0], [0.4]], &device);
    let grads_of = |objective: Tensor<B, 1>| -> <B as AutodiffBackend>::Gradients {
        objective.backward()
    };
    for epoch in 0..4 {
        let loss = (reg.lin.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean();
        println!("epoch {epoch}: loss = {:.5}", loss.clone().into_scalar());
        if epoch % 3 == 0 {
            let logged = grads_of(loss.clone());
            let gw = reg.lin.weight.val().grad(&logged).unwrap();
            println!("epoch {epoch}: |dw| = {:.5}", gw.powf_scalar(2.0).sum().sqrt().into_scalar());
        }
        let grads = GradientsParams::from_grads(grads_of(loss), &reg);
        reg = sgd.step(0.1, reg, grads);
    }
}
