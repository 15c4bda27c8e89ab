//! A WGAN-style loop: the critic takes several steps per generator step. The fake batch is
//! generated once per round, before the critic's inner loop.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

const N_CRITIC: usize = 3;

#[derive(Module, Debug)]
struct Generator {
    fc: Linear,
}

impl Generator {
    fn forward(&self, z: Tensor<2>) -> Tensor<2> {
        self.fc.forward(z).tanh()
    }
}

#[derive(Module, Debug)]
struct Critic {
    fc: Linear,
    out: Linear,
}

impl Critic {
    fn score(&self, x: Tensor<2>) -> Tensor<2> {
        self.out.forward(activation::relu(self.fc.forward(x)))
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(6);
    let mut generator = Generator { fc: LinearConfig::new(2, 2).init(&device) };
    let mut critic = Critic {
        fc: LinearConfig::new(2, 4).init(&device),
        out: LinearConfig::new(4, 1).init(&device),
    };
    let mut opt_g = AdamConfig::new().init();
    let mut opt_c = AdamConfig::new().init();
    let real = Tensor::<2>::from_floats([[0.5, 0.5], [0.6, 0.4], [0.4, 0.6]], &device);
    let noise = Tensor::<2>::from_floats([[0.1, -0.3], [0.7, 0.2], [-0.5, 0.9]], &device);
    for round in 0..2 {
        let fake = generator.forward(noise.clone());
        for k in 0..N_CRITIC {
            let c_loss = critic.score(fake.clone()).mean() - critic.score(real.clone()).mean();
            println!("round {round} critic {k}: loss = {}", c_loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(c_loss.backward(), &critic);
            critic = opt_c.step(5e-4, critic, grads);
        }
        let g_loss = -critic.score(generator.forward(noise.clone())).mean();
        println!("round {round}: generator loss = {}", g_loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(g_loss.backward(), &generator);
        generator = opt_g.step(5e-4, generator, grads);
    }
}
