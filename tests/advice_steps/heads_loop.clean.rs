//! Fixed by hand: each head's loss kept, the three added after the loop over the heads and
//! backpropagated once, into the one step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation,
};

#[derive(Module, Debug)]
pub struct Net {
    trunk: Linear,
    heads: Vec<Linear>,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut net = Net {
        trunk: LinearConfig::new(3, 4).init(&device),
        heads: vec![
            LinearConfig::new(4, 1).init(&device),
            LinearConfig::new(4, 1).init(&device),
            LinearConfig::new(4, 1).init(&device),
        ],
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, 1.0, -0.5], [0.0, 0.25, 1.5]], &device);
    let targets = vec![
        Tensor::<2>::from_floats([[0.3], [0.7]], &device),
        Tensor::<2>::from_floats([[1.1], [0.9]], &device),
        Tensor::<2>::from_floats([[0.6], [0.4]], &device),
    ];

    for step in 0..3 {
        let shared = activation::relu(net.trunk.forward(x.clone()));
        let mut losses = Vec::new();
        let mut total = 0.0;
        for (head, target) in net.heads.iter().zip(targets.iter()) {
            let loss = (head.forward(shared.clone()) - target.clone()).powf_scalar(2.0).mean();
            total += loss.clone().into_scalar::<f32>();
            losses.push(loss);
        }
        println!("step {step}: {total}");
        let sum = Tensor::cat(losses, 0).sum();
        let grads = GradientsParams::from_grads(sum.backward(), &net);
        net = optim.step(0.1, net, grads);
    }
}
