// A multi-task model: one backbone, two heads, two losses. Backpropagating each loss on its own
// walks the backbone's features twice; adding the losses first is one backward (fix C).
use burn::nn::loss::{CrossEntropyLossConfig, MseLoss, Reduction};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct MultiTask<B: Backend> {
    backbone: Linear<B>,
    classify: Linear<B>,
    regress: Linear<B>,
}

pub struct Batch<B: Backend> {
    pub inputs: Tensor<B, 2>,
    pub labels: Tensor<B, 1, Int>,
    pub values: Tensor<B, 2>,
}

pub fn train_separately<B: AutodiffBackend>(mut model: MultiTask<B>, batches: Vec<Batch<B>>) {
    let mut optim = AdamConfig::new().init();
    let device = model.devices()[0].clone();
    let cross_entropy = CrossEntropyLossConfig::new().init(&device);
    for batch in batches {
        let features = model.backbone.forward(batch.inputs).tanh(); //~ WARN shared-intermediate
        let class_loss = cross_entropy.forward(model.classify.forward(features.clone()), batch.labels);
        let value_loss =
            MseLoss::new().forward(model.regress.forward(features), batch.values, Reduction::Mean);
        let grads = GradientsParams::from_grads(class_loss.backward(), &model);
        model = optim.step(1e-3, model, grads);
        let grads = GradientsParams::from_grads(value_loss.backward(), &model);
        model = optim.step(1e-3, model, grads);
    }
}

pub fn train_jointly<B: AutodiffBackend>(mut model: MultiTask<B>, batches: Vec<Batch<B>>) {
    let mut optim = AdamConfig::new().init();
    let device = model.devices()[0].clone();
    let cross_entropy = CrossEntropyLossConfig::new().init(&device);
    for batch in batches {
        let features = model.backbone.forward(batch.inputs).tanh();
        let class_loss = cross_entropy.forward(model.classify.forward(features.clone()), batch.labels);
        let value_loss =
            MseLoss::new().forward(model.regress.forward(features), batch.values, Reduction::Mean);
        println!("class {} value {}", class_loss.clone().into_scalar(), value_loss.clone().into_scalar());
        let grads = GradientsParams::from_grads((class_loss + value_loss * 0.5).backward(), &model);
        model = optim.step(1e-3, model, grads);
    }
}
