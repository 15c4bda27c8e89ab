//! Hand verdict (fixer C, session 23), older `Tensor<B, D>` style: `shared-intermediate` on `z`
//! (the encoder's output, read by the reconstruction and the sparsity losses). The losses are
//! kept in a Vec and walked zipped with their names, one backward and one SGD step each: the
//! second backward panics at `z`. Hand fix (twin): one backward and one step on their sum.
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
        let parts: Vec<Tensor<B, 1>> = vec![recon, sparse];
        for (name, part) in names.iter().zip(parts) {
            println!("round {round} {name}: {:.5}", part.clone().into_scalar());
            let grads = GradientsParams::from_grads(part.backward(), &ae);
            ae = sgd.step(0.5, ae, grads);
        }
    }
}
