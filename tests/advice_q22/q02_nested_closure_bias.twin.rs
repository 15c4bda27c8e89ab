//! Style transfer toy: a learned style code, made by a small helper closure from a fixed
//! probe, is added to every content batch; the code is computed once before the epochs.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Stylist {
    style: Linear,
    content: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(11);
    let mut net = Stylist {
        style: LinearConfig::new(3, 2).init(&device),
        content: LinearConfig::new(2, 2).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let probe = Tensor::<2>::from_floats([[0.2, 0.4, -0.1]], &device);
    let contents = vec![
        Tensor::<2>::from_floats([[1.0, 2.0], [0.0, -1.0]], &device),
        Tensor::<2>::from_floats([[0.5, 0.5], [1.5, 0.0]], &device),
    ];
    let goal = Tensor::<2>::from_floats([[0.3, -0.2], [0.1, 0.4]], &device);
    let style_code = |m: &Stylist, p: &Tensor<2>| m.style.forward(p.clone()).tanh();

    for round in 0..2 {
        for c in contents.iter() {
            let code = style_code(&net, &probe);
            let out = net.content.forward(c.clone()) + code;
            let loss = (out - goal.clone()).powf_scalar(2.0).mean();
            println!("round {round}: loss = {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &net);
            net = optim.step(1e-2, net, grads);
        }
    }
}
