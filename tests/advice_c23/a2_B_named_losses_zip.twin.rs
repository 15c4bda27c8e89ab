//! Twin of a2_B_named_losses_zip.rs, fixed by hand: the two losses of a round added, one
//! backward and one SGD step.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::sigmoid,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct AutoEnc<B: Backend> {
    enc: Linear<B>,
    dec: Linear<B>,
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 5);
    let mut ae: AutoEnc<B> = AutoEnc {
        enc: LinearConfig::new(4, 2).init(&device),
        dec: LinearConfig::new(2, 4).init(&device),
    };
    let mut sgd = SgdConfig::new().init();
    let data = Tensor::<B, 2>::from_floats([[0.1, 0.4, -0.2, 0.8], [0.5, -0.5, 0.3, 0.0]], &device);
    let names = ["recon", "sparse"];
    for round in 0..2 {
        let z = sigmoid(ae.enc.forward(data.clone()));
        let recon = (ae.dec.forward(z.clone()) - data.clone()).powf_scalar(2.0).mean();
        let sparse = z.abs().mean().mul_scalar(0.1);
        println!("round {round} {}: {:.5}", names[0], recon.clone().into_scalar());
        println!("round {round} {}: {:.5}", names[1], sparse.clone().into_scalar());
        let grads = GradientsParams::from_grads((recon + sparse).backward(), &ae);
        ae = sgd.step(0.5, ae, grads);
    }
}
