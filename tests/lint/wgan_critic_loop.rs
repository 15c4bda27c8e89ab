// A WGAN trained with several critic steps per generator step; the fake batch is generated
// once, before the critic's inner loop, and fed to the critic undetached. The first critic
// step's backward consumes the generator's steps under `fake`; the second panics at them.
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
        let fake = generator.forward(noise.clone()); //~ WARN loop-external-tracked
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
