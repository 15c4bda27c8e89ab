//! One encoder forward of a batch of two views, cut into the two views' codes; a matching loss
//! and a spread loss each read both codes, each backpropagated and stepped on its own.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Enc {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut enc = Enc { fc: LinearConfig::new(3, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let views = Tensor::<2>::from_floats([[0.4, -0.2, 0.1], [0.3, -0.1, 0.2]], &device);

    for step in 0..2 {
        let codes = enc.fc.forward(views.clone()).tanh();
        let first = codes.clone().slice([0..1, 0..2]);
        let second = codes.slice([1..2, 0..2]);
        let matching = (first.clone() - second.clone()).powf_scalar(2.0).mean();
        let spread = (first * second).mean().neg();
        println!("step {step}: matching {:.6} spread {:.6}", matching.clone().into_scalar::<f32>(), spread.clone().into_scalar::<f32>());
        let g_match = GradientsParams::from_grads(matching.backward(), &enc);
        enc = optim.step(0.1, enc, g_match);
        let g_spread = GradientsParams::from_grads(spread.backward(), &enc);
        enc = optim.step(0.1, enc, g_spread);
    }
}
