//! A target network taken again every 2 steps by `.clone()`; the targets are made when it is
//! taken, before the loop and in the loop's syncing branch.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

fn main() {
    let device = Device::flex().autodiff();
    device.seed(17);
    let mut net: Linear = LinearConfig::new(2, 2).init(&device);
    let mut optim = SgdConfig::new().init();
    let obs = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0]], &device);
    let next_obs = Tensor::<2>::from_floats([[0.5, 0.5], [1.0, -1.0]], &device);
    let reward = Tensor::<2>::from_floats([[1.0], [0.0]], &device);
    let mut frozen = net.clone();
    let mut goal = reward.clone() + frozen.forward(next_obs.clone()).max_dim(1).mul_scalar(0.5);
    for step in 0..4 {
        if step % 2 == 1 {
            frozen = net.clone();
            goal = reward.clone() + frozen.forward(next_obs.clone()).max_dim(1).mul_scalar(0.5);
        }
        let q = net.forward(obs.clone()).max_dim(1);
        let loss = (q - goal.clone()).powf_scalar(2.0).mean();
        println!("step {step}: {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.1, net, grads);
    }
}
