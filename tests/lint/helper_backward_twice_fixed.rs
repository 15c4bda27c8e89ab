// Fixed: a second critic step is a second loss, from a fresh forward of the updated
// discriminator; the helper runs one backward per loss.
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
        let (images_again, fake_again) = (images.clone(), fake.clone());
        let scores = Tensor::cat(vec![discriminator.forward(images), discriminator.forward(fake)], 0);
        let labels = Tensor::cat(
            vec![Tensor::<B, 1, Int>::ones([n], device), Tensor::<B, 1, Int>::zeros([n], device)],
            0,
        );
        let labels_again = labels.clone();
        let loss = bce.forward(scores.squeeze(1), labels);
        discriminator = backward_d(loss, discriminator, &mut optim_d);
        let again = Tensor::cat(vec![discriminator.forward(images_again), discriminator.forward(fake_again)], 0);
        let loss = bce.forward(again.squeeze(1), labels_again);
        discriminator = backward_d(loss, discriminator, &mut optim_d);
    }
    discriminator
}
