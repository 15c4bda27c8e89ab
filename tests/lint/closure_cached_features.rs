// A loss written as a closure that captures the backbone's features, computed once before the
// loop; the loop calls the closure and backpropagates what it returns. The features' steps go
// with the first pass's backward.
use burn::nn::loss::CrossEntropyLossConfig;
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::{prelude::*, tensor::activation};
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Backbone<B: Backend> {
    conv_like: Linear<B>,
}

impl<B: Backend> Backbone<B> {
    pub fn forward(&self, images: Tensor<B, 2>) -> Tensor<B, 2> {
        activation::relu(self.conv_like.forward(images))
    }
}

#[derive(Module, Debug)]
pub struct Head<B: Backend> {
    classifier: Linear<B>,
}

pub fn train_head<B: AutodiffBackend>(
    backbone: Backbone<B>,
    mut head: Head<B>,
    images: Tensor<B, 2>,
    labels: Tensor<B, 1, Int>,
) -> Head<B> {
    let device = images.device();
    let loss_fn = CrossEntropyLossConfig::new().init(&device);
    let mut optim = SgdConfig::new().init();
    let features = backbone.forward(images); //~ WARN loop-external-tracked
    let loss_of = |head: &Head<B>| loss_fn.forward(head.classifier.forward(features.clone()), labels.clone());
    for epoch in 0..30 {
        let loss = loss_of(&head);
        println!("epoch {epoch}: {}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &head);
        head = optim.step(0.01, head, grads);
    }
    head
}
