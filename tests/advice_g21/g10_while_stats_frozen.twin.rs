//! Standardised inputs of a regression, from a centre and a scale measured once by a frozen
//! projection before a while loop.
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
    device.seed(31);
    let proj = LinearConfig::new(2, 3).init(&device);
    let mut head = Head { out: LinearConfig::new(3, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let data = Tensor::<2>::from_floats([[0.4, 1.0], [-0.3, 0.2], [0.9, -0.8]], &device);
    let z = proj.forward(data.clone());
    let centre = z.clone().mean_dim(0).detach();
    let scale = (z.max_dim(0) - centre.clone() + 0.5).detach();
    let mut i = 0;
    while i < 3 {
        let row = data.clone().slice([i..i + 1, 0..2]);
        let h = (proj.forward(row) - centre.clone()) / scale.clone();
        let loss = head.out.forward(h).powf_scalar(2.0).sum();
        println!("iter {i}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &head);
        head = optim.step(0.1, head, grads);
        i += 1;
    }
}
