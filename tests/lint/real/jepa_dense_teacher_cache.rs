// Reduced from mosure/burn_jepa, src/training/dense.rs (the dense step loop) and
// src/training/ttt/mod.rs (`teacher_tokens_for_batch`), src/training/model_io.rs, commit
// ee3fb7584f0d16d610b1466258811c48e60601ff.
// The teacher's tokens are cached across steps, keyed by clip, but the teacher is loaded with
// `Module::no_grad` (no parameter requires grad), so the cache holds data. The loss is read for the log from a
// detached clone before its backward, and the backward is taken inside `from_grads(..)`.
// Silent.
use burn::module::Module;
use burn::optim::{AdamWConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;
use std::collections::HashMap;

pub struct TrainingLoss<B: Backend> {
    pub loss: Tensor<B, 1>,
    pub prediction_loss: Tensor<B, 1>,
}

fn tensor_scalar<B: Backend>(tensor: Tensor<B, 1>) -> f32 {
    tensor.into_scalar().elem()
}

pub fn train<B: AutodiffBackend>(
    mut model: Student<B>,
    teacher: Teacher<B>,
    batches: Vec<VideoBatch<B>>,
    device: &B::Device,
) -> f32 {
    let mut optim = AdamWConfig::new().with_weight_decay(0.05).init();
    let frozen = teacher.no_grad();
    let mut cache: HashMap<u64, Tensor<B, 3>> = HashMap::new();
    let mut final_loss = 0.0;
    for (step, batch) in batches.into_iter().enumerate() {
        let tokens = match cache.get(&batch.clip) {
            Some(tokens) => tokens.clone(),
            None => {
                let tokens = frozen.forward(batch.teacher_video);
                cache.insert(batch.clip, tokens.clone());
                tokens
            }
        };
        let loss: TrainingLoss<B> = model.training_loss(batch.student_video, tokens);
        final_loss = tensor_scalar(loss.loss.clone().detach());
        let grads = GradientsParams::from_grads(loss.loss.backward(), &model);
        model = optim.step(1e-4 / (1 + step) as f64, model, grads);
    }
    final_loss
}
