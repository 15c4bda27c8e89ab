//! A sparse autoencoder whose reconstruction and sparsity terms are stepped separately, one
//! optimizer step each, until the reconstruction stops improving.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct AutoEncoder {
    enc: Linear,
    dec: Linear,
}

impl AutoEncoder {
    fn losses(&self, x: Tensor<2>) -> (Tensor<1>, Tensor<1>) {
        let z = self.enc.forward(x.clone()).tanh();
        let recon = (self.dec.forward(z.clone()) - x).powf_scalar(2.0).mean();
        let sparsity = z.abs().mean() * 0.1;
        (recon, sparsity)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut model = AutoEncoder {
        enc: LinearConfig::new(4, 2).init(&device),
        dec: LinearConfig::new(2, 4).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.1, 0.9, 0.0, 0.4], [0.7, 0.2, 0.5, 0.0]], &device);
    let mut step = 0;
    let mut last = f32::MAX;
    while step < 20 {
        let (recon, sparsity) = model.losses(x.clone());
        let r = recon.clone().into_scalar::<f32>();
        println!("step {step}: recon = {r}, sparsity = {}", sparsity.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(recon.backward(), &model);
        model = optim.step(1e-2, model, grads);
        let grads = GradientsParams::from_grads(sparsity.backward(), &model);
        model = optim.step(1e-2, model, grads);
        if (last - r).abs() < 1e-4 {
            break;
        }
        last = r;
        step += 1;
    }
}
