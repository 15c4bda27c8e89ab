// Teacher outputs computed once, before the loop, by `model.valid()` (the inner backend, no
// autodiff) and brought back as data with `from_inner`: a fixed distillation target. The
// student trains on it in every pass. No finding.
use burn::module::AutodiffModule;
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::activation::{log_softmax, softmax};
use burn::tensor::backend::AutodiffBackend;

pub fn distil<B: AutodiffBackend>(teacher: Model<B>, mut student: Model<B>, images: Tensor<B, 2>, epochs: usize) -> Model<B> {
    let mut optim = AdamConfig::new().init();
    let teacher_valid = teacher.valid();
    let soft_targets = softmax(teacher_valid.forward(images.clone().inner()) / 4.0, 1);
    let soft_targets = Tensor::<B, 2>::from_inner(soft_targets);
    for epoch in 0..epochs {
        let log_probs = log_softmax(student.forward(images.clone()) / 4.0, 1);
        let loss = (soft_targets.clone() * log_probs).sum_dim(1).mean().neg();
        println!("epoch {epoch}: {}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &student);
        student = optim.step(1e-3, student, grads);
    }
    student
}

pub fn accuracy<B: AutodiffBackend>(model: &Model<B>, batches: Vec<(Tensor<B, 2>, Tensor<B, 1, Int>)>) -> f32 {
    let model_valid = model.valid();
    let mut correct = 0;
    let mut total = 0;
    for (images, labels) in batches {
        let predicted = model_valid.forward(images.inner()).argmax(1).squeeze(1);
        correct += predicted.equal(labels.inner()).int().sum().into_scalar().elem::<i64>();
        total += 1;
    }
    correct as f32 / total as f32
}
