// A GAN step whose discriminator loss and generator loss both use `fake` from the generator,
// each backpropagated: the discriminator's backward consumes the generator's steps.
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
    for (iteration, batch) in batches.enumerate() {
        let [n, _] = batch.images.dims();
        let real_labels = Tensor::<B, 1, Int>::ones([n], device);
        let fake_labels = Tensor::<B, 1, Int>::zeros([n], device);
        let noise = Tensor::<B, 2>::random([n, 100], Distribution::Normal(0.0, 1.0), device);
        let fake = generator.forward(noise); //~ WARN shared-intermediate

        // Discriminator: real images towards 1, generated ones towards 0.
        let real_scores = discriminator.forward(batch.images);
        let fake_scores = discriminator.forward(fake.clone());
        let d_loss = bce.forward(real_scores.squeeze(1), real_labels.clone())
            + bce.forward(fake_scores.squeeze(1), fake_labels);
        let d_value = d_loss.clone().into_scalar();
        let grads = d_loss.backward();
        let grads = GradientsParams::from_grads(grads, &discriminator);
        discriminator = optim_d.step(2e-4, discriminator, grads);

        // Generator: make the discriminator say 1.
        let g_scores = discriminator.forward(fake.clone());
        let g_loss = bce.forward(g_scores.squeeze(1), real_labels);
        let grads = g_loss.backward();
        let grads = GradientsParams::from_grads(grads, &generator);
        generator = optim_g.step(2e-4, generator, grads);
        println!("{iteration}: discriminator loss {d_value}");
    }
}
