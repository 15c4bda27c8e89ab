// REINFORCE whose returns are cleared after each update but whose saved log-probs are not; the
// update reads them through `((i, lp), g)` of `saved.iter().enumerate().zip(returns.iter())`:
// `lp` walks `saved` from its oldest element, made in the first episode, whose step the first
// backward consumed. pbpit run: panics in the second episode.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::log_softmax,
};

#[derive(Module, Debug)]
struct Policy {
    head: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut policy = Policy { head: LinearConfig::new(3, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    let mut returns: Vec<f32> = Vec::new();
    let states = [[0.5f32, 0.1, 0.0], [0.2, 0.9, 0.4]];
    let mut episode = 0;
    while episode < 3 {
        for (k, st) in states.iter().enumerate() {
            let x = Tensor::<2>::from_floats([*st], &device);
            let logp = log_softmax(policy.head.forward(x), 1).narrow(1, k % 2, 1).reshape([1]); //~ WARN loop-external-tracked
            saved.push(logp);
            returns.push(1.0 - 0.5 * k as f32);
        }
        let mut objective = Tensor::<1>::zeros([1], &device);
        for ((i, lp), g) in saved.iter().enumerate().zip(returns.iter()) {
            let weight = if i == 0 { 1.0 } else { 0.9 };
            objective = objective - lp.clone() * (*g * weight);
        }
        println!("episode {episode}: objective = {:.5}", objective.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(objective.backward(), &policy);
        policy = optim.step(0.05, policy, grads);
        returns.clear();
        episode += 1;
    }
}
