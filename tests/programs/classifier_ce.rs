//! A two-class classifier: one `Linear`, `CrossEntropyLossConfig`, SGD, three steps.
//!
//! No panic. Ids for the record: fc.weight 0, fc.bias 1, x 2 (targets are an Int tensor: no
//! node), then each step's linear, log_softmax's seven nodes (detach, max_dim, sub, exp,
//! sum_dim, log, sub), gather, reshape, mean, neg.

use burn::backend::{Autodiff, NdArray};
use burn::module::Param;
use burn::nn::loss::CrossEntropyLossConfig;
use burn::nn::Linear;
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Classifier<B: Backend> {
    fc: Linear<B>,
}

impl<B: Backend> Classifier<B> {
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.fc.forward(x)
    }
}

fn main() {
    let device = Default::default();
    let fc = Linear {
        weight: Param::from_tensor(Tensor::from_floats([[0.5, -0.5], [0.25, 0.25]], &device)),
        bias: Some(Param::from_tensor(Tensor::from_floats([0.0, 0.0], &device))),
    };
    let mut model: Classifier<B> = Classifier { fc };
    let x = Tensor::<B, 2>::from_floats([[1.0, 2.0], [2.0, -1.0], [-1.0, 0.5]], &device);
    let targets = Tensor::<B, 1, Int>::from_data([1, 0, 1], &device);
    let loss_fn = CrossEntropyLossConfig::new().init(&device);
    let mut optim = SgdConfig::new().init();

    for step in 0..3 {
        let logits = model.forward(x.clone());
        let loss = loss_fn.forward(logits, targets.clone());
        let grads = loss.backward();
        let bias_grad = model.fc.bias.as_ref().unwrap().grad(&grads).unwrap();
        println!(
            "step {step}: loss = {:.6}, bias.grad = {:?}",
            loss.into_scalar(),
            bias_grad.to_data().to_vec::<f32>().unwrap()
        );
        let grads = GradientsParams::from_grads(grads, &model);
        model = optim.step(0.5, model, grads);
    }
    let logits = model.forward(x);
    println!("logits = {:?}", logits.into_data().to_vec::<f32>().unwrap());
}
