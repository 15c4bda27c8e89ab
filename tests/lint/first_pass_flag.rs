// A gradient check of the untrained model, run once, on the first pass only, guarded by a flag
// the branch clears (or by an `Option` it takes): the probe's loss is backpropagated once in
// all. No finding.
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn train<B: AutodiffBackend>(mut model: Model<B>, probe_input: Tensor<B, 2>, loader: Loader<B>) -> Model<B> {
    let mut optim = AdamConfig::new().init();
    let probe = model.forward(probe_input.clone()).mean();
    let mut first = true;
    for batch in loader.iter() {
        if first {
            let grads = probe.backward();
            println!("gradients reach the weight: {}", model.weight.grad(&grads).is_some());
            first = false;
        }
        let loss = (model.forward(batch.x) - batch.y).powf_scalar(2.0).mean();
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-3, model, grads);
    }
    model
}

pub fn train_taking<B: AutodiffBackend>(mut model: Model<B>, probe_input: Tensor<B, 2>, loader: Loader<B>) -> Model<B> {
    let mut optim = AdamConfig::new().init();
    let mut warm_up = Some(model.forward(probe_input).mean());
    for batch in loader.iter() {
        if let Some(probe) = warm_up.take() {
            let _grads = probe.backward();
        }
        let loss = (model.forward(batch.x) - batch.y).powf_scalar(2.0).mean();
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-3, model, grads);
    }
    model
}
