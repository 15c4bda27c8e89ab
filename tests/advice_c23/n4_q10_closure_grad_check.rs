//! Every other step, a debug check prints the size of the bias gradient through a small closure
//! that runs the backward; the step then runs the backward through the same closure.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation::sigmoid,
};

#[derive(Module, Debug)]
struct Classifier {
    hidden: Linear,
    logit: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(40);
    let mut model = Classifier {
        hidden: LinearConfig::new(2, 4).init(&device),
        logit: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]], &device);
    let y = Tensor::<2>::from_floats([[0.0], [1.0], [1.0], [0.0]], &device);
    let backprop = |loss: Tensor<1>| loss.backward();

    for step in 0..4 {
        let p = sigmoid(model.logit.forward(model.hidden.forward(x.clone()).tanh()));
        let loss = (p - y.clone()).powf_scalar(2.0).mean();
        println!("step {step}: loss = {:.5}", loss.clone().into_scalar::<f32>());
        if step % 2 == 0 {
            let g = backprop(loss.clone());
            let gb = model.logit.bias.as_ref().unwrap().grad(&g).unwrap();
            println!("step {step}: |d bias| = {:.5}", gb.abs().sum().into_scalar::<f32>());
        }
        let grads = GradientsParams::from_grads(backprop(loss), &model);
        model = optim.step(0.05, model, grads);
    }
}
