//! A one-step Q-learning regressor whose bootstrap target comes from a target copy of the
//! online layer's weights, blended towards the online weights by hand after each step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct QNet {
    fc: Linear,
}

struct TargetNet {
    weight: Tensor<2>,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(9);
    let mut online = QNet { fc: LinearConfig::new(2, 2).with_bias(false).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut target = TargetNet { weight: online.fc.weight.val().detach() };
    let states = [[0.5, -0.2], [0.1, 0.8], [-0.7, 0.3]];
    let next_states = [[0.4, 0.0], [-0.3, 0.6], [0.2, 0.2]];
    let rewards = [1.0, 0.0, 0.5];
    for step in 0..3 {
        let s = Tensor::<2>::from_floats([states[step]], &device);
        let s_next = Tensor::<2>::from_floats([next_states[step]], &device);
        let q = online.fc.forward(s).max_dim(1);
        let q_next = s_next.matmul(target.weight.clone()).max_dim(1);
        let y = q_next * 0.9 + rewards[step];
        let loss = (q - y).powf_scalar(2.0).mean();
        println!("step {step}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &online);
        online = optim.step(0.1, online, grads);
        target.weight = (target.weight * 0.95 + online.fc.weight.val() * 0.05).detach();
    }
}
