//! A small memory bank of three slots: each step blends the new code into slot `step % 3` and
//! scores the code against that slot and the next one.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Coder {
    enc: Linear,
}

fn bank_loss(code: Tensor<2>, own: Tensor<2>, other: Tensor<2>) -> Tensor<1> {
    (code.clone() - own).powf_scalar(2.0).mean() - (code - other).powf_scalar(2.0).mean().mul_scalar(0.1)
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(307);
    let mut coder = Coder { enc: LinearConfig::new(2, 2).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let mut bank = vec![Tensor::<2>::zeros([1, 2], &device); 3];
    let xs = [[0.3, 0.7], [0.9, 0.1], [0.5, 0.5], [0.0, 1.0], [1.0, 0.0]];
    for step in 0..5 {
        let slot = step % 3;
        let code = coder.enc.forward(Tensor::<2>::from_floats([xs[step]], &device));
        let blended = bank[slot].clone() * 0.5 + code.clone() * 0.5;
        bank[slot] = blended.clone().detach();
        let loss = bank_loss(code, blended, bank[(slot + 1) % 3].clone());
        println!("step {step}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &coder);
        coder = sgd.step(0.1, coder, grads);
    }
}
