// Fixed: the critic trains on the fake batch detached, as Burn's WGAN example does; the
// generator's step generates again, without detaching.
use burn::optim::{GradientsParams, Optimizer, RmsPropConfig};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::Distribution;

pub fn train<B: AutodiffBackend>(
    mut generator: Generator<B>,
    mut critic: Critic<B>,
    batches: Vec<Tensor<B, 4>>,
    n_critic: usize,
    device: &B::Device,
) {
    let mut optim_c = RmsPropConfig::new().init();
    let mut optim_g = RmsPropConfig::new().init();
    for real in batches {
        let noise = Tensor::<B, 2>::random([64, 100], Distribution::Normal(0.0, 1.0), device);
        let fake = generator.forward(noise.clone()).detach();
        for _ in 0..n_critic {
            let loss_c = critic.forward(fake.clone()).mean() - critic.forward(real.clone()).mean();
            let grads = GradientsParams::from_grads(loss_c.backward(), &critic);
            critic = optim_c.step(5e-5, critic, grads);
        }
        let loss_g = critic.forward(generator.forward(noise)).mean().neg();
        let grads = GradientsParams::from_grads(loss_g.backward(), &generator);
        generator = optim_g.step(5e-5, generator, grads);
    }
}
