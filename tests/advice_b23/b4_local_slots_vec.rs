//! Per-class prototypes encoded once and parked in a local `Vec<Option<..>>`, reused by later
//! rounds; each sample's loss pulls its prototype's score toward a target.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    enc: Linear,
    score: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(21);
    let mut net = Net {
        enc: LinearConfig::new(2, 4).init(&device),
        score: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let inputs = [[0.5, -0.5], [1.0, 0.25], [-0.75, 0.1], [0.3, 0.9]];
    let targets = [1.0, -1.0, 0.5, 0.0];
    let mut protos: Vec<Option<Tensor<2>>> = vec![None; 4];

    for round in 0..3 {
        for k in 0..4 {
            if protos[k].is_none() {
                let x = Tensor::<2>::from_floats([inputs[k]], &device);
                protos[k] = Some(net.enc.forward(x).tanh());
            }
            let p = protos[k].clone().unwrap();
            let loss = (net.score.forward(p) - targets[k]).powf_scalar(2.0).mean();
            println!("round {round} class {k}: {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &net);
            net = optim.step(0.05, net, grads);
        }
    }
}
