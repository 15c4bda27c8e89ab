//! Twin of b3_B_fn_helper_grads.rs: the helper called once, before the debug branch.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::backend::AutodiffBackend,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Mlp<B: Backend> {
    a: Linear<B>,
    b: Linear<B>,
}

fn grads_of(loss: Tensor<B, 1>) -> <B as AutodiffBackend>::Gradients {
    loss.backward()
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 3);
    let mut mlp: Mlp<B> = Mlp { a: LinearConfig::new(2, 4).init(&device), b: LinearConfig::new(4, 1).init(&device) };
    let mut adam = AdamConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[0.0, 1.0], [1.0, 1.0]], &device);
    let y = Tensor::<B, 2>::from_floats([[1.0], [0.0]], &device);
    let debug = true;
    for ep in 0..3 {
        let out = mlp.b.forward(mlp.a.forward(x.clone()).tanh());
        let loss = (out - y.clone()).powf_scalar(2.0).mean();
        println!("ep {ep}: {:.5}", loss.clone().into_scalar());
        let gs = grads_of(loss);
        if debug && ep == 0 {
            let gw = mlp.a.weight.val().grad(&gs).unwrap();
            println!("ep {ep}: grad sum {:.5}", gw.sum().into_scalar());
        }
        let grads = GradientsParams::from_grads(gs, &mlp);
        mlp = adam.step(0.01, mlp, grads);
    }
}
