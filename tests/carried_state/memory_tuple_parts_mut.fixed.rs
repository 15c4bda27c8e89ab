// Panics (hand derivation): `let (mut fast, mut slow) = memory;` takes the pair apart, both
// parts are stepped in place, and `memory = (fast, slow);` carries both into the next pass,
// whose backward walks into pass 0's `fast` and `slow`, whose steps pass 0's backward consumed.
// One finding (`memory`, said once, though two tensors of it are hazards); each tensor detached
// where it is put, `memory = (fast.detach(), slow.detach());`.
// Code fix: detach each pass
//! A GRU-like update written in place on mutable parts of the carried tuple.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    inp: Linear,
    rec: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(8);
    let mut net = Net {
        inp: LinearConfig::new(2, 3).init(&device),
        rec: LinearConfig::new(3, 3).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let mut memory = (Tensor::<2>::zeros([1, 3], &device), Tensor::<2>::zeros([1, 3], &device));
    for step in 0..4 {
        let x = Tensor::<2>::from_floats([[step as f32 * 0.5, 1.0]], &device);
        let (mut fast, mut slow) = memory;
        fast = (net.inp.forward(x) + net.rec.forward(fast)).tanh();
        slow = slow * 0.9 + fast.clone() * 0.1;
        let loss = (fast.clone() - slow.clone()).powf_scalar(2.0).sum();
        println!("step {step}: loss {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.1, net, grads);
        memory = (fast.detach(), slow.detach());
    }
}
