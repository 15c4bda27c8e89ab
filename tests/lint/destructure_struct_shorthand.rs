// An autoencoder with an adversarial term, its generator step returning a struct of losses
// destructured with shorthand fields. Both losses are built on one decoding of `code`: the
// adversarial loss's backward consumes the shared steps, the reconstruction loss's panics.
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub struct GenOutput<B: Backend> {
    pub adv_loss: Tensor<B, 1>,
    pub rec_loss: Tensor<B, 1>,
    pub code: Tensor<B, 2>,
}

#[derive(Module, Debug)]
pub struct AdversarialAutoencoder<B: Backend> {
    encoder: Linear<B>,
    decoder: Linear<B>,
    critic: Linear<B>,
}

impl<B: Backend> AdversarialAutoencoder<B> {
    pub fn forward_gen(&self, x: Tensor<B, 2>) -> GenOutput<B> {
        let code = self.encoder.forward(x.clone()).tanh();
        let reconstruction = self.decoder.forward(code.clone());
        let adv_loss = self.critic.forward(reconstruction.clone()).mean().neg();
        let rec_loss = (reconstruction - x).powf_scalar(2.0).mean();
        GenOutput { adv_loss, rec_loss, code }
    }
}

pub fn train<B: AutodiffBackend>(mut model: AdversarialAutoencoder<B>, batches: Vec<Tensor<B, 2>>) {
    let mut optim = AdamConfig::new().init();
    for x in batches {
        let GenOutput { adv_loss, rec_loss, code } = model.forward_gen(x); //~ WARN shared-intermediate
        let grads = GradientsParams::from_grads(adv_loss.backward(), &model);
        model = optim.step(1e-4, model, grads);
        let grads = GradientsParams::from_grads(rec_loss.backward(), &model);
        model = optim.step(1e-3, model, grads);
        println!("code norm {}", code.powf_scalar(2.0).sum().into_scalar());
    }
}
