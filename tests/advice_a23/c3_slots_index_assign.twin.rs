//! Two memory slots, written by index in turn; each step's prediction reads the slot it is
//! about to overwrite.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Writer {
    w: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(9);
    let mut net = Writer { w: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut memory: Vec<Tensor<2>> = vec![Tensor::<2>::zeros([1, 2], &device), Tensor::<2>::zeros([1, 2], &device)];
    let inputs = [[1.0, 0.5], [0.2, 0.9], [0.7, 0.7], [0.4, 0.1], [0.9, 0.3]];
    for (i, x) in inputs.iter().enumerate() {
        let slot = i % 2;
        let feat = net.w.forward(Tensor::<2>::from_floats([*x], &device));
        let loss = (feat.clone() - memory[slot].clone()).powf_scalar(2.0).mean();
        println!("write {i} into slot {slot}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.2, net, grads);
        memory[slot] = memory[slot].clone() * 0.5 + feat.detach() * 0.5;
    }
}
