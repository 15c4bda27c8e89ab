// The same adversarial autoencoder, its struct of losses destructured with one shorthand field
// among renamed ones, or with `..`: still two losses on one decoding, each backpropagated. And
// the code of a reference batch, destructured once before the loop, used by every pass.
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
        let GenOutput { adv_loss: adversarial, rec_loss, code: latent } = model.forward_gen(x); //~ WARN shared-intermediate
        let grads = GradientsParams::from_grads(adversarial.backward(), &model);
        model = optim.step(1e-4, model, grads);
        let grads = GradientsParams::from_grads(rec_loss.backward(), &model);
        model = optim.step(1e-3, model, grads);
        println!("code norm {}", latent.powf_scalar(2.0).sum().into_scalar());
    }
}

pub fn train_rest_pattern<B: AutodiffBackend>(model: AdversarialAutoencoder<B>, x: Tensor<B, 2>) {
    let GenOutput { rec_loss, adv_loss, .. } = model.forward_gen(x); //~ WARN shared-intermediate
    let _g_rec = rec_loss.backward();
    let _g_adv = adv_loss.backward();
}

pub fn anchored<B: AutodiffBackend>(mut model: AdversarialAutoencoder<B>, anchor: Tensor<B, 2>, batches: Vec<Tensor<B, 2>>) {
    let mut optim = AdamConfig::new().init();
    let GenOutput { code, .. } = model.forward_gen(anchor); //~ WARN loop-external-tracked
    for x in batches {
        let GenOutput { rec_loss, code: current, .. } = model.forward_gen(x);
        let drift = (current - code.clone()).powf_scalar(2.0).mean();
        let grads = GradientsParams::from_grads((rec_loss + drift).backward(), &model);
        model = optim.step(1e-3, model, grads);
    }
}
