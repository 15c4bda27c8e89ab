// Fixed: the two losses of one forward are weighted and added, and the sum is backpropagated
// once; `code` is still read for logging.
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
        let GenOutput { adv_loss, rec_loss, code } = model.forward_gen(x);
        let loss = adv_loss * 0.1 + rec_loss;
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-3, model, grads);
        println!("code norm {}", code.powf_scalar(2.0).sum().into_scalar());
    }
}
