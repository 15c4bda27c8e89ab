//! Two stacked recurrent layers whose states live in one `Vec`, each set by index in the
//! training loop; the second layer reads the first's new state within the same step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Stack {
    low: Linear,
    high: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(41);
    let mut net = Stack {
        low: LinearConfig::new(3, 3).init(&device),
        high: LinearConfig::new(3, 3).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let mut states: Vec<Tensor<2>> = vec![Tensor::zeros([1, 3], &device); 2];
    for step in 0..4 {
        let x = Tensor::<2>::from_floats([[1.0, step as f32 * 0.5, -1.0]], &device);
        states[0] = (net.low.forward(x) + states[0].clone() * 0.5).tanh();
        states[1] = (net.high.forward(states[0].clone()) + states[1].clone() * 0.5).tanh();
        let loss = (states[1].clone() - 0.25).powf_scalar(2.0).sum();
        println!("step {step}: loss {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.1, net, grads);
    }
}
