// Fixed: the ELBO is one loss, the KL term plus the reconstruction term, backpropagated once.
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::{prelude::*, tensor::activation};
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::Distribution;

#[derive(Module, Debug)]
pub struct Vae<B: Backend> {
    encoder: Linear<B>,
    mu: Linear<B>,
    log_var: Linear<B>,
    decoder: Linear<B>,
}

impl<B: Backend> Vae<B> {
    pub fn forward(&self, x: Tensor<B, 2>) -> ((Tensor<B, 2>, Tensor<B, 2>), Tensor<B, 2>) {
        let h = activation::relu(self.encoder.forward(x));
        let (mu, log_var) = (self.mu.forward(h.clone()), self.log_var.forward(h));
        let eps = Tensor::random(mu.dims(), Distribution::Normal(0.0, 1.0), &mu.device());
        let z = mu.clone() + (log_var.clone() * 0.5).exp() * eps;
        ((mu, log_var), activation::sigmoid(self.decoder.forward(z)))
    }
}

pub fn train<B: AutodiffBackend>(mut vae: Vae<B>, batches: Vec<Tensor<B, 2>>) -> Vae<B> {
    let mut optim = AdamConfig::new().init();
    for x in batches {
        let ((mu, log_var), reconstruction) = vae.forward(x.clone());
        let kl = (log_var.clone().exp() + mu.powf_scalar(2.0) - log_var - 1.0).sum_dim(1).mean() * 0.5;
        let rec = (reconstruction - x).powf_scalar(2.0).sum_dim(1).mean();
        let grads = GradientsParams::from_grads((kl + rec).backward(), &vae);
        vae = optim.step(1e-3, vae, grads);
    }
    vae
}
