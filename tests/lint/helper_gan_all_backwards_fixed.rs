// Fixed: the discriminator trains on `fake` detached, so its backward stops at the generator;
// the generator's backward, through the same helper, is the only one to walk its graph.
use burn::module::AutodiffModule;
use burn::nn::{Linear, LinearConfig, Relu};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::Distribution;

#[derive(Module, Debug)]
pub struct Generator<B: Backend> {
    hidden: Linear<B>,
    output: Linear<B>,
    activation: Relu,
}

impl<B: Backend> Generator<B> {
    pub fn forward(&self, noise: Tensor<B, 2>) -> Tensor<B, 2> {
        let x = self.activation.forward(self.hidden.forward(noise));
        self.output.forward(x).tanh()
    }
}

#[derive(Module, Debug)]
pub struct Discriminator<B: Backend> {
    hidden: Linear<B>,
    output: Linear<B>,
}

impl<B: Backend> Discriminator<B> {
    pub fn forward(&self, images: Tensor<B, 2>) -> Tensor<B, 2> {
        self.output.forward(self.hidden.forward(images).tanh())
    }
}

/// Backpropagates `loss` and steps `module` with its gradients.
fn optimize<B, M, O>(loss: Tensor<B, 1>, module: M, optim: &mut O, lr: f64) -> M
where
    B: AutodiffBackend,
    M: AutodiffModule<B>,
    O: Optimizer<M, B>,
{
    let grads = loss.backward();
    let grads = GradientsParams::from_grads(grads, &module);
    optim.step(lr, module, grads)
}

pub fn train<B: AutodiffBackend>(
    mut generator: Generator<B>,
    mut discriminator: Discriminator<B>,
    batches: Vec<Tensor<B, 2>>,
    device: &B::Device,
) {
    let mut optim_g = AdamConfig::new().init();
    let mut optim_d = AdamConfig::new().init();
    for (iteration, real) in batches.into_iter().enumerate() {
        let [n, _] = real.dims();
        let noise = Tensor::<B, 2>::random([n, 64], Distribution::Normal(0.0, 1.0), device);
        let fake = generator.forward(noise);

        let d_loss = discriminator.forward(fake.clone().detach()).mean() - discriminator.forward(real).mean();
        discriminator = optimize(d_loss, discriminator, &mut optim_d, 5e-5);

        let g_loss = discriminator.forward(fake).mean().neg();
        println!("{iteration}: generator loss {}", g_loss.clone().into_scalar());
        generator = optimize(g_loss, generator, &mut optim_g, 5e-5);
    }
}
