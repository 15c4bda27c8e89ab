//! Fixed by hand: the three losses added and backpropagated once, into the one step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Multi {
    trunk: Linear,
    age: Linear,
    height: Linear,
    weight: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(11);
    let mut net = Multi {
        trunk: LinearConfig::new(3, 4).init(&device),
        age: LinearConfig::new(4, 1).init(&device),
        height: LinearConfig::new(4, 1).init(&device),
        weight: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, 1.0, -0.5], [0.0, 0.25, 1.5]], &device);
    let ages = Tensor::<2>::from_floats([[0.3], [0.7]], &device);
    let heights = Tensor::<2>::from_floats([[1.1], [0.9]], &device);
    let weights = Tensor::<2>::from_floats([[0.6], [0.4]], &device);

    for step in 0..4 {
        let shared = net.trunk.forward(x.clone()).tanh();
        let l_age = (net.age.forward(shared.clone()) - ages.clone()).powf_scalar(2.0).mean();
        let l_height = (net.height.forward(shared.clone()) - heights.clone()).abs().mean();
        let l_weight = (net.weight.forward(shared) - weights.clone()).powf_scalar(2.0).mean();
        println!(
            "step {step}: {} {} {}",
            l_age.clone().into_scalar::<f32>(),
            l_height.clone().into_scalar::<f32>(),
            l_weight.clone().into_scalar::<f32>()
        );
        let grads = GradientsParams::from_grads((l_age + l_height + l_weight).backward(), &net);
        net = optim.step(0.1, net, grads);
    }
}
