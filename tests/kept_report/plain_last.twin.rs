//! Twin: the weight gradient sum read from each step's own Gradients, the last one printed.
//! (The last loss of the run was kept in a plain tensor for a report helper.)
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

fn weight_grad_sum(layer: &Linear, g: &burn::tensor::Gradients) -> f32 {
    layer.weight.grad(g).unwrap().sum().into_scalar::<f32>()
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(2);
    let mut layer: Linear = LinearConfig::new(2, 2).init(&device);
    let mut adam = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [0.5, -0.5]], &device);
    let t = Tensor::<2>::from_floats([[0.0, 1.0], [1.0, 0.0]], &device);
    let mut last_sum = 0.0f32;
    for it in 0..4 {
        let loss = (layer.forward(x.clone()) - t.clone()).abs().mean();
        println!("it {it}: {:.5}", loss.clone().into_scalar::<f32>());
        let raw = loss.backward();
        last_sum = weight_grad_sum(&layer, &raw);
        let grads = GradientsParams::from_grads(raw, &layer);
        layer = adam.step(0.01, layer, grads);
    }
    println!("weight grad sum {:.5}", last_sum);
}
