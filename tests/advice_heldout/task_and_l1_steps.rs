//! A regressor whose hidden activations are also pushed towards sparsity, each term stepped.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Reg {
    hidden: Linear,
    out: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(55);
    let mut net = Reg { hidden: LinearConfig::new(3, 4).init(&device), out: LinearConfig::new(4, 1).init(&device) };
    let mut opt = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.2, 0.1, -0.3], [0.5, -0.4, 0.9]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [-1.0]], &device);
    for epoch in 0..3 {
        let h = activation::relu(net.hidden.forward(x.clone()));
        let task = (net.out.forward(h.clone()) - y.clone()).powf_scalar(2.0).mean();
        let l1 = h.abs().mean() * 0.01;
        println!("epoch {epoch}: task {}", task.clone().into_scalar::<f32>());
        let g = GradientsParams::from_grads(task.backward(), &net);
        net = opt.step(0.05, net, g);
        let g = GradientsParams::from_grads(l1.backward(), &net);
        net = opt.step(0.05, net, g);
    }
}
