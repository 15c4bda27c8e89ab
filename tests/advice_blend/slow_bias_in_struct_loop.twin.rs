//! Hand twin of slow_bias_in_struct_loop.rs. A slow copy of a layer's bias, started at a tenth of it and moved a quarter of the way
//! towards it after each step, is the offset the fast layer's output is compared with. A
//! `while` loop counts the steps. Hand fix (twin): the blend detached where it is put in `slow`.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Head {
    out: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut head = Head { out: LinearConfig::new(2, 2).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, -1.0], [0.5, 0.25]], &device);
    let mut slow = head.out.bias.as_ref().unwrap().val() / 10.0;
    let mut step = 0;
    while step < 3 {
        let out = head.out.forward(x.clone());
        let loss = (out - slow.clone().unsqueeze::<2>()).powf_scalar(2.0).mean();
        println!("step {step}: loss {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &head);
        head = sgd.step(0.5, head, grads);
        slow = (slow.clone() + (head.out.bias.as_ref().unwrap().val() - slow) * 0.25).detach();
        step += 1;
    }
}
