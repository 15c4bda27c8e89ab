//! Older `Tensor<B, D>` style. Prototype learning in a helper-free loop: the prototype of each
//! label follows its embeddings by a moving average, and the loss pulls the embedding to its
//! label's prototype and away from the other one.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Embed<B: Backend> {
    lin: Linear<B>,
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 306);
    let mut model: Embed<B> = Embed { lin: LinearConfig::new(2, 2).init(&device) };
    let mut adam = AdamConfig::new().init();
    let data = [([0.9, 0.1], 0usize), ([0.1, 0.8], 1), ([1.0, 0.3], 0), ([0.2, 1.0], 1), ([0.8, 0.0], 0)];
    let mut protos: Vec<Tensor<B, 2>> = vec![Tensor::zeros([1, 2], &device), Tensor::zeros([1, 2], &device)];
    for (n, (x, label)) in data.iter().enumerate() {
        let z = model.lin.forward(Tensor::<B, 2>::from_floats([*x], &device)).tanh();
        let proto = protos[*label].clone().mul_scalar(0.6) + z.clone().mul_scalar(0.4);
        protos[*label] = proto.clone().detach();
        let near = (z.clone() - proto.clone()).powf_scalar(2.0).sum();
        let far = (z - protos[1 - *label].clone()).powf_scalar(2.0).sum();
        let loss = near - far.mul_scalar(0.2) + proto.abs().sum().mul_scalar(0.01);
        println!("sample {n}: {:.6}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = adam.step(1e-2, model, grads);
    }
}
