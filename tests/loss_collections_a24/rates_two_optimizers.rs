//! Older style: a task loss and an auxiliary loss of one forward, each stepped right after its
//! backward, the auxiliary one at half the rate.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Twin<B: Backend> {
    trunk: Linear<B>,
    task: Linear<B>,
    aux: Linear<B>,
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 12);
    let mut net: Twin<B> = Twin {
        trunk: LinearConfig::new(2, 3).init(&device),
        task: LinearConfig::new(3, 1).init(&device),
        aux: LinearConfig::new(3, 1).init(&device),
    };
    let mut sgd = SgdConfig::new().init();
    let mut sgd_aux = SgdConfig::new().init();
    let lr = 0.08;
    let xs = Tensor::<B, 2>::from_floats([[0.2, 0.9], [-0.5, 0.4]], &device);
    let ys = Tensor::<B, 2>::from_floats([[1.0], [-1.0]], &device);
    for k in 0..4 {
        let z = net.trunk.forward(xs.clone()).tanh();
        let main_loss = (net.task.forward(z.clone()) - ys.clone()).powf_scalar(2.0).mean();
        let aux_loss = net.aux.forward(z).powf_scalar(2.0).mean();
        println!("{k}: {} {}", main_loss.clone().into_scalar(), aux_loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(main_loss.backward(), &net);
        net = sgd.step(lr, net, grads);
        let grads = GradientsParams::from_grads(aux_loss.backward(), &net);
        net = sgd_aux.step(lr * 0.5, net, grads);
    }
}
