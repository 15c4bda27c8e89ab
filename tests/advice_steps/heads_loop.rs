//! One trunk and three heads kept in a `Vec`: a loop over the heads backpropagates each head's
//! loss into one `GradientsAccumulator`, then one SGD step. The trunk's output is shared by the
//! three losses: the loop's 2nd pass panics.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsAccumulator, GradientsParams, Optimizer, SgdConfig},
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
        let mut acc = GradientsAccumulator::new();
        let mut total = 0.0;
        for (head, target) in net.heads.iter().zip(targets.iter()) {
            let loss = (head.forward(shared.clone()) - target.clone()).powf_scalar(2.0).mean();
            total += loss.clone().into_scalar::<f32>();
            acc.accumulate(&net, GradientsParams::from_grads(loss.backward(), &net));
        }
        println!("step {step}: {total}");
        net = optim.step(0.1, net, acc.grads());
    }
}
