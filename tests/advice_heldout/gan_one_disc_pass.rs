//! A small GAN that scores real and fake samples in one discriminator pass over their
//! concatenation, and reuses the fake half of the scores for the generator's step.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Generator {
    fc: Linear,
}

#[derive(Module, Debug)]
struct Discriminator {
    fc: Linear,
    out: Linear,
}

impl Generator {
    fn forward(&self, z: Tensor<2>) -> Tensor<2> {
        self.fc.forward(z).tanh()
    }
}

impl Discriminator {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        activation::sigmoid(self.out.forward(activation::relu(self.fc.forward(x))))
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(14);
    let mut generator = Generator { fc: LinearConfig::new(2, 2).init(&device) };
    let mut disc = Discriminator {
        fc: LinearConfig::new(2, 3).init(&device),
        out: LinearConfig::new(3, 1).init(&device),
    };
    let mut opt_g = AdamConfig::new().init();
    let mut opt_d = AdamConfig::new().init();
    let real = Tensor::<2>::from_floats([[0.9, 0.1], [0.8, 0.3]], &device);
    let noise = Tensor::<2>::from_floats([[0.2, -0.7], [-0.4, 0.5]], &device);
    let mut step = 0;
    while step < 3 {
        let fake = generator.forward(noise.clone());
        let scores = disc.forward(Tensor::cat(vec![real.clone(), fake], 0));
        let d_real = scores.clone().narrow(0, 0, 2);
        let d_fake = scores.narrow(0, 2, 2);
        let d_loss = (d_real.log().neg() - (d_fake.clone().neg() + 1.0).log()).mean();
        println!("step {step}: d_loss = {}", d_loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(d_loss.backward(), &disc);
        disc = opt_d.step(1e-3, disc, grads);
        let g_loss = d_fake.log().neg().mean();
        println!("step {step}: g_loss = {}", g_loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(g_loss.backward(), &generator);
        generator = opt_g.step(1e-3, generator, grads);
        step += 1;
    }
}
