//! A denoising autoencoder with an auxiliary classifier on its code (older backend-generic style);
//! a helper backpropagates a loss and steps the model, and is called once per loss.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::relu,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    enc: Linear<B>,
    dec: Linear<B>,
    cls: Linear<B>,
}

fn apply(model: Net<B>, optim: &mut impl Optimizer<Net<B>, B>, loss: Tensor<B, 1>, lr: f64) -> Net<B> {
    let grads = GradientsParams::from_grads(loss.backward(), &model);
    optim.step(lr, model, grads)
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 211);
    let mut model: Net<B> = Net {
        enc: LinearConfig::new(4, 2).init(&device),
        dec: LinearConfig::new(2, 4).init(&device),
        cls: LinearConfig::new(2, 2).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0]], &device);
    let x_noisy = Tensor::<B, 2>::from_floats([[0.9, 0.2, 1.0, 0.1], [0.1, 0.8, 0.0, 1.1]], &device);
    let labels = Tensor::<B, 2>::from_floats([[1.0, 0.0], [0.0, 1.0]], &device);

    for epoch in 0..2 {
        let code = relu(model.enc.forward(x_noisy.clone()));
        let recon = model.dec.forward(code.clone());
        let rec_loss = (recon - x.clone()).powf_scalar(2.0).mean();
        let cls_loss = (model.cls.forward(code) - labels.clone()).powf_scalar(2.0).mean();
        println!("epoch {epoch}: rec {:.4} cls {:.4}", rec_loss.clone().into_scalar(), cls_loss.clone().into_scalar());
        model = apply(model, &mut optim, rec_loss, 0.05);
        model = apply(model, &mut optim, cls_loss, 0.01);
    }
}
