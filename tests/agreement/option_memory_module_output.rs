// Panics (hand derivation): `memory` (an `Option<Tensor<2>>`) keeps each pass's output of a
// module's forward, never detached, and the next pass adds it to its input. Pass 1's backward
// walks `memory`'s tensor into pass 0's `out`, whose step pass 0's backward consumed: panic.
// Detaching the tensor where it is put in the `Option` (`memory = Some(out.detach())`) runs; the
// `Option` itself has no `.detach()`. Every command must write that fix as code.
// Code fix: detach each pass
use burn::{
    nn::{Linear, LinearConfig},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Net {
    layer: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let net = Net { layer: LinearConfig::new(2, 2).init(&device) };
    let mut memory: Option<Tensor<2>> = None;
    for step in 0..3 {
        let mut input = Tensor::<2>::from_floats([[0.5, step as f32]], &device);
        if let Some(m) = &memory {
            input = input + m.clone();
        }
        let out = net.layer.forward(input);
        let grads = out.clone().sum().backward();
        println!("{step}: {}", net.layer.weight.grad(&grads).is_some());
        memory = Some(out);
    }
}
