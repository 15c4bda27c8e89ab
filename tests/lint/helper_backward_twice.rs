// A GAN's discriminator update written as a helper, called twice on one loss (the second call
// meant as "one more critic step"): the helper's backward runs on the same loss again, whose
// steps the first call consumed.
use burn::nn::loss::BinaryCrossEntropyLossConfig;
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::Distribution;

fn backward_d<B: AutodiffBackend, O: Optimizer<Discriminator<B>, B>>(
    loss: Tensor<B, 1>,
    discriminator: Discriminator<B>,
    optim: &mut O,
) -> Discriminator<B> {
    let grads = loss.backward();
    let grads = GradientsParams::from_grads(grads, &discriminator);
    optim.step(2e-4, discriminator, grads)
}

pub fn train<B: AutodiffBackend>(
    generator: Generator<B>,
    mut discriminator: Discriminator<B>,
    real: Vec<Tensor<B, 2>>,
    device: &B::Device,
) -> Discriminator<B> {
    let mut optim_d = AdamConfig::new().with_beta_1(0.5).init();
    let bce = BinaryCrossEntropyLossConfig::new().with_logits(true).init(device);
    for images in real {
        let [n, _] = images.dims();
        let noise = Tensor::<B, 2>::random([n, 100], Distribution::Normal(0.0, 1.0), device);
        let fake = generator.forward(noise).detach();
        let scores = Tensor::cat(vec![discriminator.forward(images), discriminator.forward(fake)], 0);
        let labels = Tensor::cat(
            vec![Tensor::<B, 1, Int>::ones([n], device), Tensor::<B, 1, Int>::zeros([n], device)],
            0,
        );
        let loss = bce.forward(scores.squeeze(1), labels);
        discriminator = backward_d(loss.clone(), discriminator, &mut optim_d);
        discriminator = backward_d(loss, discriminator, &mut optim_d); //~ WARN double-backward
    }
    discriminator
}
