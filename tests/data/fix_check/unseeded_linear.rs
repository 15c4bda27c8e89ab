//! Burn 0.22: a `Linear` initialised from the backend's random stream, never seeded (each run
//! draws other weights), its features cached before the loop. Ids by hand: x 0; the layer's
//! weight 1, bias 2 (given on first read); matmul 3, reshape 4, add 5; tanh 6: the second
//! pass's backward panics at NodeId(6).
use burn::{nn::LinearConfig, prelude::*};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let linear = LinearConfig::new(2, 2).init(&device);
    let feats = linear.forward(x.clone()).tanh();
    for step in 0..2 {
        let loss = feats.clone().sum();
        println!("step {step}");
        let _grads = loss.backward();
    }
}
