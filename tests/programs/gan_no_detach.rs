//! The GAN step as first written: the fake batch goes to the discriminator without `detach()`,
//! so the discriminator's backward also consumes the generator's step, and the generator's
//! backward, through the same `fake`, panics.
//!
//! Node ids: generator.fc.weight 0, .bias 1, discriminator.fc.weight 2, .bias 3, z 4, real 5,
//! valid 6 (`ones`), fake_label 7 (`zeros`). Iteration 0: fake 8-10 (the generator's linear:
//! matmul, the bias's reshape, add), d_real 11-13, d_fake 14-16, MSE sub 17, square 18, mean 19,
//! sub 20, square 21, mean 22, d_loss 23; its backward consumes 23 down to 8. The discriminator's
//! new weight 24, bias 25. The generator's pass: its matmul 26 (parents 10, 24), reshape 27, add
//! 28, sub 29, square 30, mean 31; the walk 31 -> 30 -> 29 -> 28 -> 26 -> 10 finds NodeId(10) gone.

use burn::{
    module::Param,
    nn::{
        Linear,
        loss::{MseLoss, Reduction},
    },
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Generator {
    fc: Linear,
}

#[derive(Module, Debug)]
pub struct Discriminator {
    fc: Linear,
}

impl Generator {
    pub fn forward(&self, z: Tensor<2>) -> Tensor<2> {
        self.fc.forward(z)
    }
}

impl Discriminator {
    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc.forward(x)
    }
}

fn linear(weight: Tensor<2>, bias: Tensor<1>) -> Linear {
    Linear { weight: Param::from_tensor(weight), bias: Some(Param::from_tensor(bias)) }
}

fn main() {
    let device = Device::default().autodiff();
    let mut generator: Generator = Generator {
        fc: linear(
            Tensor::from_floats([[0.5, -0.5]], &device),
            Tensor::from_floats([0.0, 0.25], &device),
        ),
    };
    let mut discriminator: Discriminator = Discriminator {
        fc: linear(
            Tensor::from_floats([[0.25], [0.5]], &device),
            Tensor::from_floats([0.0], &device),
        ),
    };
    let z = Tensor::<2>::from_floats([[1.0], [-0.5]], &device);
    let real = Tensor::<2>::from_floats([[1.0, 2.0], [0.5, 1.0]], &device);
    let valid = Tensor::<2>::ones([2, 1], &device);
    let fake_label = Tensor::<2>::zeros([2, 1], &device);
    let mut opt_g = AdamConfig::new().init();
    let mut opt_d = AdamConfig::new().init();
    let mse = MseLoss::new();

    for iteration in 0..3 {
        let fake = generator.forward(z.clone());

        let d_real = discriminator.forward(real.clone());
        let d_fake = discriminator.forward(fake.clone());
        let d_loss = mse.forward(d_real, valid.clone(), Reduction::Mean)
            + mse.forward(d_fake, fake_label.clone(), Reduction::Mean);
        println!("iteration {iteration}: d_loss = {:.5}", d_loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(d_loss.backward(), &discriminator);
        discriminator = opt_d.step(0.01, discriminator, grads);

        // Generator: fool the updated discriminator.
        let g_loss = mse.forward(discriminator.forward(fake), valid.clone(), Reduction::Mean);
        let grads = GradientsParams::from_grads(g_loss.backward(), &generator);
        generator = opt_g.step(0.01, generator, grads);

        println!(
            "iteration {iteration}: d_loss = {:.5}, g_loss = {:.5}",
            d_loss.into_scalar::<f32>(),
            g_loss.into_scalar::<f32>()
        );
    }
    let sample = generator.forward(z);
    println!("sample = {:?}", sample.into_data().to_vec::<f32>().unwrap());
}
