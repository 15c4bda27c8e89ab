//! One forward of the batch, then a loss against each of three targets kept in a Vec, each
//! backpropagated by its own pass of the loop (the gradients logged, no optimizer).
use burn::{
    nn::{Linear, LinearConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Probe {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(8);
    let probe = Probe { fc: LinearConfig::new(2, 2).init(&device) };
    let x = Tensor::<2>::from_floats([[1.0, -1.0], [0.5, 2.0]], &device);
    let targets = vec![
        Tensor::<2>::from_floats([[0.0, 1.0], [1.0, 0.0]], &device),
        Tensor::<2>::from_floats([[1.0, 1.0], [0.0, 0.0]], &device),
        Tensor::<2>::from_floats([[0.5, 0.5], [0.5, 0.5]], &device),
    ];
    let out = probe.fc.forward(x);
    for (k, target) in targets.iter().enumerate() {
        let miss = (out.clone() - target.clone()).abs().mean();
        let grads = miss.backward();
        let g = probe.fc.weight.grad(&grads).unwrap();
        println!("target {k}: |g| = {:.6}", g.abs().sum().into_scalar::<f32>());
    }
}
