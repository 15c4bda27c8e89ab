//! Self-distillation (older backend-generic style): the predictions of the first epoch are kept
//! as soft targets for the later epochs, next to the labels.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::sigmoid,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Scorer<B: Backend> {
    fc: Linear<B>,
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 241);
    let mut model: Scorer<B> = Scorer { fc: LinearConfig::new(3, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[0.2, 0.4, 0.6], [0.9, 0.1, 0.0]], &device);
    let y = Tensor::<B, 2>::from_floats([[1.0, 0.0], [0.0, 1.0]], &device);
    let mut snapshot: Option<Tensor<B, 2>> = None;

    for epoch in 0..3 {
        let pred = sigmoid(model.fc.forward(x.clone()));
        let soft = snapshot.get_or_insert(pred.clone().detach()).clone();
        let hard_loss = (pred.clone() - y.clone()).powf_scalar(2.0).mean();
        let soft_loss = (pred - soft).powf_scalar(2.0).mean();
        let loss = hard_loss + soft_loss * 0.3;
        println!("epoch {epoch}: {:.5}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.5, model, grads);
    }
}
