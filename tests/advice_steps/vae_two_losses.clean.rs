//! A small VAE: reconstruction and KL losses backpropagated one after the other, their
//! gradients summed in an accumulator before one optimizer step.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsAccumulator, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Vae {
    enc: Linear,
    mu: Linear,
    logvar: Linear,
    dec: Linear,
}

impl Vae {
    pub fn encode(&self, x: Tensor<2>) -> (Tensor<2>, Tensor<2>) {
        let h = activation::relu(self.enc.forward(x));
        (self.mu.forward(h.clone()), self.logvar.forward(h))
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(4);
    let mut vae = Vae {
        enc: LinearConfig::new(4, 3).init(&device),
        mu: LinearConfig::new(3, 2).init(&device),
        logvar: LinearConfig::new(3, 2).init(&device),
        dec: LinearConfig::new(2, 4).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.2, 0.4, 0.6, 0.8], [1.0, 0.0, 1.0, 0.0]], &device);
    let eps = Tensor::<2>::from_floats([[0.1, -0.2], [0.05, 0.3]], &device);

    for epoch in 0..3 {
        let (mu, logvar) = vae.encode(x.clone());
        let z = mu.clone() + (logvar.clone() * 0.5).exp() * eps.clone();
        let recon = (vae.dec.forward(z) - x.clone()).powf_scalar(2.0).mean();
        let kl = (mu.powf_scalar(2.0) + logvar.clone().exp() - logvar - 1.0).mean() * 0.5;
        println!("epoch {epoch}: recon = {} kl = {}", recon.clone().into_scalar::<f32>(), kl.clone().into_scalar::<f32>());

        let grads = GradientsParams::from_grads((recon + kl).backward(), &vae);
        vae = optim.step(0.01, vae, grads);
    }
}
