// Fixed: one backward; the norm is read from the same gradients the `TrainOutput` carries.
use burn::nn::loss::CrossEntropyLossConfig;
use burn::nn::{Linear, LinearConfig, Relu};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;
use burn::train::{ClassificationOutput, TrainOutput, TrainStep};

#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    fc1: Linear<B>,
    fc2: Linear<B>,
    activation: Relu,
}

impl<B: Backend> Model<B> {
    pub fn forward(&self, images: Tensor<B, 2>) -> Tensor<B, 2> {
        self.fc2.forward(self.activation.forward(self.fc1.forward(images)))
    }

    pub fn forward_classification(&self, images: Tensor<B, 2>, targets: Tensor<B, 1, Int>) -> ClassificationOutput<B> {
        let output = self.forward(images);
        let loss = CrossEntropyLossConfig::new().init(&output.device()).forward(output.clone(), targets.clone());
        ClassificationOutput::new(loss, output, targets)
    }

    fn grad_norm(&self, grads: &B::Gradients) -> f32 {
        let g = self.fc1.weight.grad(grads).map(|g| g.powf_scalar(2.0).sum().sqrt().into_scalar().elem());
        g.unwrap_or(0.0)
    }
}

impl<B: AutodiffBackend> TrainStep<MnistBatch<B>, ClassificationOutput<B>> for Model<B> {
    fn step(&self, batch: MnistBatch<B>) -> TrainOutput<ClassificationOutput<B>> {
        let item = self.forward_classification(batch.images, batch.targets);
        let grads = item.loss.backward();
        log::info!("gradient norm {}", self.grad_norm(&grads));
        TrainOutput::new(self, grads, item)
    }
}
