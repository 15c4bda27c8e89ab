//! Twin of b1_B_closure_grads_logged.rs, fixed by hand: one call of the closure each epoch, its
//! gradients logged and stepped.
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
        let logged = grads_of(loss);
        if epoch % 3 == 0 {
            let gw = reg.lin.weight.val().grad(&logged).unwrap();
            println!("epoch {epoch}: |dw| = {:.5}", gw.powf_scalar(2.0).sum().sqrt().into_scalar());
        }
        let grads = GradientsParams::from_grads(logged, &reg);
        reg = sgd.step(0.1, reg, grads);
    }
}
