//! A gating vector from a fixed probe, computed once, scales every inner step of a `loop` that
//! breaks after two updates per round.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    gate: Linear,
    out: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(2);
    let mut net = Net {
        gate: LinearConfig::new(2, 2).init(&device),
        out: LinearConfig::new(2, 2).init(&device),
    };
    let mut sgd = SgdConfig::new().init();
    let probe = Tensor::<2>::from_floats([[1.0, 1.0]], &device);
    let x = Tensor::<2>::from_floats([[0.5, -0.5], [1.0, 2.0]], &device);
    let g = net.gate.forward(probe).tanh();
    for round in 0..2 {
        let mut k = 0;
        loop {
            let loss = (net.out.forward(x.clone()) * g.clone()).powf_scalar(2.0).mean();
            println!("round {round} k {k}: {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &net);
            net = sgd.step(0.1, net, grads);
            k += 1;
            if k == 2 {
                break;
            }
        }
    }
}
