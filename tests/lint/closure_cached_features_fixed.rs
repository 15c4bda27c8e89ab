// Fixed: the closure captures the images, not the features, and runs the backbone each time it
// is called: every pass's backward has a forward of its own.
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
    let loss_of = |head: &Head<B>| {
        let features = backbone.forward(images.clone());
        loss_fn.forward(head.classifier.forward(features), labels.clone())
    };
    for epoch in 0..30 {
        let loss = loss_of(&head);
        println!("epoch {epoch}: {}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &head);
        head = optim.step(0.01, head, grads);
    }
    head
}
