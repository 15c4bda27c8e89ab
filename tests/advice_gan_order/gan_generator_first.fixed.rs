// Panics (hand derivation): the generator's step first: `g_loss` reads `fake` through
// `disc.forward(fake.clone())`, and its backward consumes `fake`'s step (gen's forward); the
// discriminator's loss then reads the same `fake` and its backward (#2, iteration 0) panics
// at it. `d_loss` steps `disc` alone (`from_grads(.., &disc)`): what it would give `gen` no
// optimizer takes. Fix by hand: `disc.forward(fake.detach())` in D's loss, nothing else
// changes (tests/advice_gan_order/gan_generator_first.fixed.rs). Helper A's probe q06 (session 20).
// Code fix: detach in the first loss
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Gen {
    l1: Linear,
    l2: Linear,
}

#[derive(Module, Debug)]
struct Disc {
    l1: Linear,
    l2: Linear,
}

impl Gen {
    fn forward(&self, z: Tensor<2>) -> Tensor<2> {
        self.l2.forward(activation::relu(self.l1.forward(z)))
    }
}

impl Disc {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        activation::sigmoid(self.l2.forward(activation::relu(self.l1.forward(x))))
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(8);
    let mut gen = Gen { l1: LinearConfig::new(2, 6).init(&device), l2: LinearConfig::new(6, 1).init(&device) };
    let mut disc = Disc { l1: LinearConfig::new(1, 6).init(&device), l2: LinearConfig::new(6, 1).init(&device) };
    let mut opt_g = AdamConfig::new().init();
    let mut opt_d = AdamConfig::new().init();
    let real = Tensor::<2>::from_floats([[1.9], [2.1], [2.0], [1.8]], &device);
    let z = Tensor::<2>::from_floats([[0.1, -0.2], [0.4, 0.3], [-0.5, 0.9], [0.7, -0.1]], &device);
    for it in 0..3 {
        let fake = gen.forward(z.clone());
        let g_loss = disc.forward(fake.clone()).log().neg().mean();
        println!("it {it}: g_loss {:.6}", g_loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(g_loss.backward(), &gen);
        gen = opt_g.step(1e-2, gen, grads);

        let d_real = disc.forward(real.clone());
        let d_fake = disc.forward(fake.detach());
        let d_loss = (d_real.log().neg() - (d_fake.neg() + 1.0).log()).mean();
        let grads = GradientsParams::from_grads(d_loss.backward(), &disc);
        disc = opt_d.step(1e-2, disc, grads);
    }
}
