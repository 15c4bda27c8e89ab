//! A GAN whose critic scores the generated batch once; the generator's loss reuses that score.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Gen {
    lin: Linear,
}

#[derive(Module, Debug)]
struct Critic {
    lin: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(41);
    let mut gen = Gen { lin: LinearConfig::new(3, 2).init(&device) };
    let mut critic = Critic { lin: LinearConfig::new(2, 1).init(&device) };
    let mut opt_gen = SgdConfig::new().init();
    let mut opt_critic = SgdConfig::new().init();
    let z = Tensor::<2>::from_floats([[0.1, 0.4, -0.2], [0.3, -0.5, 0.8]], &device);
    let real = Tensor::<2>::from_floats([[1.0, 0.5], [0.9, 0.7]], &device);
    for it in 0..2 {
        let fake = gen.lin.forward(z.clone()).tanh();
        let fake_score = activation::sigmoid(critic.forward(fake.clone()));
        let real_score = activation::sigmoid(critic.forward(real.clone()));
        let critic_loss = (fake_score.clone() - real_score).mean();
        println!("{it}: critic {}", critic_loss.clone().into_scalar::<f32>());
        let grads = critic_loss.backward();
        let grads = GradientsParams::from_grads(grads, &critic);
        critic = opt_critic.step(0.1, critic, grads);
        let gen_loss = fake_score.neg().mean();
        println!("{it}: gen {}", gen_loss.clone().into_scalar::<f32>());
        let grads = gen_loss.backward();
        let grads = GradientsParams::from_grads(grads, &gen);
        gen = opt_gen.step(0.1, gen, grads);
    }
}

impl Critic {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.lin.forward(x)
    }
}
