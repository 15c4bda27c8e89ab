//! A classifier whose backbone and head are stepped by two optimizers with their own rates;
//! each optimizer is given the gradients of its own part.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Backbone<B: Backend> {
    lin: Linear<B>,
}

#[derive(Module, Debug)]
struct Classifier<B: Backend> {
    out: Linear<B>,
}

fn main() {
    let device = Default::default();
    B::seed(&device, 8);
    let mut backbone: Backbone<B> = Backbone { lin: LinearConfig::new(2, 3).init(&device) };
    let mut classifier: Classifier<B> = Classifier { out: LinearConfig::new(3, 2).init(&device) };
    let mut slow = AdamConfig::new().init();
    let mut fast = SgdConfig::new().init();
    let inputs = Tensor::<B, 2>::from_floats([[0.9, -0.1], [0.2, 0.7], [-0.6, 0.3]], &device);
    let targets = Tensor::<B, 2>::from_floats([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]], &device);
    for it in 0..3 {
        let feats = backbone.lin.forward(inputs.clone()).tanh();
        let logits = classifier.out.forward(feats);
        let cost = (logits - targets.clone()).powf_scalar(2.0).sum();
        println!("it {it}: cost = {:.6}", cost.clone().into_scalar());
        let mut all = cost.backward();
        let head_grads = GradientsParams::from_module(&mut all, &classifier);
        classifier = fast.step(0.05, classifier, head_grads);
        let body_grads = GradientsParams::from_module(&mut all, &backbone);
        backbone = slow.step(0.01, backbone, body_grads);
    }
}
