//! The last loss of the run is kept in a plain tensor (no Option) and a report helper reads the
//! weight gradient from it after training.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

fn weight_grad_sum(layer: &Linear, loss: Tensor<1>) -> f32 {
    let g = loss.backward();
    layer.weight.grad(&g).unwrap().sum().into_scalar::<f32>()
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(2);
    let mut layer: Linear = LinearConfig::new(2, 2).init(&device);
    let mut adam = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [0.5, -0.5]], &device);
    let t = Tensor::<2>::from_floats([[0.0, 1.0], [1.0, 0.0]], &device);
    let mut last_loss: Tensor<1> = Tensor::zeros([1], &device);
    for it in 0..4 {
        let loss = (layer.forward(x.clone()) - t.clone()).abs().mean();
        println!("it {it}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.clone().backward(), &layer);
        layer = adam.step(0.01, layer, grads);
        last_loss = loss;
    }
    println!("weight grad sum {:.5}", weight_grad_sum(&layer, last_loss));
}
