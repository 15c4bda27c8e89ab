//! Two stacked cells whose states live in a fixed-size array carried to the next step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Cells {
    a: Linear,
    b: Linear,
    out: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(7);
    let mut net = Cells {
        a: LinearConfig::new(4, 2).init(&device),
        b: LinearConfig::new(4, 2).init(&device),
        out: LinearConfig::new(2, 1).init(&device),
    };
    let mut sgd = SgdConfig::new().init();
    let xs = Tensor::<2>::from_floats([[0.5, -0.1], [0.2, 0.4], [-0.3, 0.8], [0.1, 0.1]], &device);
    let ys = Tensor::<2>::from_floats([[0.3], [-0.2], [0.5], [0.0]], &device);
    let mut states: [Tensor<2>; 2] = [Tensor::zeros([1, 2], &device), Tensor::zeros([1, 2], &device)];
    for i in 0..4 {
        let x = xs.clone().slice([i..i + 1, 0..2]);
        let s0 = net.a.forward(Tensor::cat(vec![x.clone(), states[0].clone()], 1)).tanh();
        let s1 = net.b.forward(Tensor::cat(vec![s0.clone(), states[1].clone()], 1)).tanh();
        let next = [s0, s1.clone()];
        let loss = (net.out.forward(s1) - ys.clone().slice([i..i + 1, 0..1])).powf_scalar(2.0).mean();
        println!("step {i}: {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = sgd.step(0.05, net, grads);
        states = next;
    }
}
