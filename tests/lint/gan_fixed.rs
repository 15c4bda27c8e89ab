// `gan_shared.rs` done right: the discriminator trains on `fake.detach()`, so its backward
// stays out of the generator's graph; the generator's loss uses `fake` itself. No finding.
use burn::nn::loss::BinaryCrossEntropyLossConfig;
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::Distribution;

pub struct ImageBatch<B: Backend> {
    pub images: Tensor<B, 2>,
}

pub fn train<B: AutodiffBackend>(
    mut generator: Generator<B>,
    mut discriminator: Discriminator<B>,
    batches: impl Iterator<Item = ImageBatch<B>>,
    device: &B::Device,
) {
    let mut optim_g = AdamConfig::new().with_beta_1(0.5).init();
    let mut optim_d = AdamConfig::new().with_beta_1(0.5).init();
    let bce = BinaryCrossEntropyLossConfig::new().init(device);
    for batch in batches {
        let [n, _] = batch.images.dims();
        let real_labels = Tensor::<B, 1, Int>::ones([n], device);
        let fake_labels = Tensor::<B, 1, Int>::zeros([n], device);
        let noise = Tensor::<B, 2>::random([n, 100], Distribution::Normal(0.0, 1.0), device);
        let fake = generator.forward(noise);

        let real_scores = discriminator.forward(batch.images);
        let fake_scores = discriminator.forward(fake.clone().detach());
        let d_loss = bce.forward(real_scores.squeeze(1), real_labels.clone())
            + bce.forward(fake_scores.squeeze(1), fake_labels);
        let grads = GradientsParams::from_grads(d_loss.backward(), &discriminator);
        discriminator = optim_d.step(2e-4, discriminator, grads);

        let g_scores = discriminator.forward(fake);
        let g_loss = bce.forward(g_scores.squeeze(1), real_labels);
        let grads = GradientsParams::from_grads(g_loss.backward(), &generator);
        generator = optim_g.step(2e-4, generator, grads);
    }
}
