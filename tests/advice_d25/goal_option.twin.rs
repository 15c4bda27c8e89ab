//! A goal embedding is refreshed every other step from a copy of the encoder and kept in an
//! Option; the steps between match the encoder's output to the kept goal.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Encoder {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(304);
    let mut enc = Encoder { fc: LinearConfig::new(3, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let goal_input = Tensor::<2>::from_floats([[1.0, 0.0, 0.5]], &device);
    let inputs = [[0.2, 0.3, 0.1], [0.9, -0.2, 0.0], [0.0, 0.4, 0.8], [0.5, 0.5, 0.5]];
    let mut goal: Option<Tensor<2>> = None;
    for (step, row) in inputs.iter().enumerate() {
        if step % 2 == 0 {
            let teacher = enc.clone();
            goal = Some(teacher.fc.forward(goal_input.clone()).mul_scalar(0.5).detach());
        }
        let z = enc.fc.forward(Tensor::<2>::from_floats([*row], &device));
        let g = goal.clone().unwrap();
        let loss = (z - g).powf_scalar(2.0).sum();
        println!("step {step}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &enc);
        enc = optim.step(0.1, enc, grads);
    }
}
