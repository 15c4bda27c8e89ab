// A variational autoencoder whose forward returns `((mu, log_var), reconstruction)`, all three
// from one encoding. The KL term and the reconstruction term are backpropagated one after the
// other: the first backward consumes the encoder's steps, the second panics at them.
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
        let ((mu, log_var), reconstruction) = vae.forward(x.clone()); //~ WARN shared-intermediate
        let kl = (log_var.clone().exp() + mu.powf_scalar(2.0) - log_var - 1.0).sum_dim(1).mean() * 0.5;
        let rec = (reconstruction - x).powf_scalar(2.0).sum_dim(1).mean();
        let kl_grads = GradientsParams::from_grads(kl.backward(), &vae);
        let rec_grads = GradientsParams::from_grads(rec.backward(), &vae);
        vae = optim.step(1e-3, vae, kl_grads);
        vae = optim.step(1e-3, vae, rec_grads);
    }
    vae
}
