//! Two augmented views encoded in one forward, split, and trained by two objectives stepped one
//! after the other.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

fn main() {
    let device = Device::flex().autodiff();
    device.seed(23);
    let mut enc: Linear = LinearConfig::new(2, 3).init(&device);
    let mut optim = SgdConfig::new().init();
    let anchor = Tensor::<2>::from_floats([[1.0, 0.5], [0.0, -1.0]], &device);
    let jitter = Tensor::<2>::from_floats([[0.1, 0.0], [-0.1, 0.2]], &device);
    for step in 0..2 {
        let both = Tensor::cat(vec![anchor.clone(), anchor.clone() + jitter.clone()], 0);
        let h = enc.forward(both).tanh();
        let first = h.clone().slice([0..2, 0..3]);
        let second = h.slice([2..4, 0..3]);
        let pull = (first.clone() - second.clone()).powf_scalar(2.0).mean();
        let spread = first.transpose().matmul(second).powf_scalar(2.0).mean();
        println!("step {step}: pull {} spread {}", pull.clone().into_scalar::<f32>(), spread.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(pull.backward(), &enc);
        enc = optim.step(0.1, enc, grads);
        let grads = GradientsParams::from_grads(spread.backward(), &enc);
        enc = optim.step(0.1, enc, grads);
    }
}
