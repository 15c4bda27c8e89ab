//! A VAE updated twice per batch: first on the reconstruction loss, then on the KL term, each
//! with its own optimizer step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Vae {
    enc: Linear,
    mu: Linear,
    logvar: Linear,
    dec: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(71);
    let mut vae = Vae {
        enc: LinearConfig::new(3, 4).init(&device),
        mu: LinearConfig::new(4, 2).init(&device),
        logvar: LinearConfig::new(4, 2).init(&device),
        dec: LinearConfig::new(2, 3).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, 0.1, 0.9], [0.2, 0.8, 0.4]], &device);
    let eps = Tensor::<2>::from_floats([[0.3, -0.1], [-0.2, 0.2]], &device);

    for epoch in 0..3 {
        let h = vae.enc.forward(x.clone()).tanh();
        let mu = vae.mu.forward(h.clone());
        let logvar = vae.logvar.forward(h);
        let z = mu.clone() + (logvar.clone() * 0.5).exp() * eps.clone();
        let recon = (vae.dec.forward(z) - x.clone()).powf_scalar(2.0).mean();
        println!("epoch {epoch}: recon = {}", recon.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(recon.backward(), &vae);
        vae = optim.step(0.1, vae, grads);

        let kl = (mu.powf_scalar(2.0) + logvar.clone().exp() - logvar - 1.0).mean() * 0.5;
        println!("epoch {epoch}: kl = {}", kl.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(kl.backward(), &vae);
        vae = optim.step(0.1, vae, grads);
    }
}
