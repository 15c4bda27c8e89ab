//! A WGAN-GP critic step. To save forwards, real, fake and interpolated samples go through
//! the critic in one batch; the input gradient on the interpolates is read from a first
//! backward (Burn has no double backward, so the penalty enters as a number), then the
//! Wasserstein loss is taken from the same scores.
use burn::{
    nn::{Linear, LinearConfig, Relu},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Critic {
    fc1: Linear,
    fc2: Linear,
    act: Relu,
}

impl Critic {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc2.forward(self.act.forward(self.fc1.forward(x)))
    }
}

/// Norm of d(sum of scores)/d(mixed), per the whole batch.
fn input_grad_norm(scores: &Tensor<2>, mixed: &Tensor<2>) -> f32 {
    let grads = scores.clone().sum().backward();
    let g = mixed.grad(&grads).expect("mixed requires grad");
    g.powf_scalar(2.0).sum().sqrt().into_scalar::<f32>()
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(9);
    let mut critic = Critic {
        fc1: LinearConfig::new(2, 4).init(&device),
        fc2: LinearConfig::new(4, 1).init(&device),
        act: Relu::new(),
    };
    let mut optim = AdamConfig::new().init();
    let real = Tensor::<2>::from_floats([[1.0, 1.2], [0.8, 1.1]], &device);
    let fake = Tensor::<2>::from_floats([[-0.3, 0.2], [0.1, -0.4]], &device);
    let lambda = 10.0;
    for step in 0..3 {
        let alpha = 0.25 * (step as f32 + 1.0);
        let mixed = (real.clone() * alpha + fake.clone() * (1.0 - alpha)).require_grad();
        let batch = Tensor::cat(vec![real.clone(), fake.clone(), mixed.clone()], 0);
        let scores = critic.forward(batch);
        let norm = input_grad_norm(&scores, &mixed);
        let penalty = lambda * (norm - 1.0) * (norm - 1.0);
        let d_real = scores.clone().slice([0..2, 0..1]).mean();
        let d_fake = scores.slice([2..4, 0..1]).mean();
        let loss = d_fake - d_real + penalty;
        println!("step {step}: |grad| = {norm:.5}, critic loss = {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &critic);
        critic = optim.step(1e-3, critic, grads);
    }
}
