// The gradient check of `first_pass_flag.rs` with the flag never cleared: the branch is taken
// in every pass, and the probe's loss, made before the loop, is backpropagated again in the
// second.
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn train<B: AutodiffBackend>(mut model: Model<B>, probe_input: Tensor<B, 2>, loader: Loader<B>, check: bool) -> Model<B> {
    let mut optim = AdamConfig::new().init();
    let probe = model.forward(probe_input.clone()).mean(); //~ WARN loop-external-tracked
    let first = check;
    for batch in loader.iter() {
        if first {
            let grads = probe.backward();
            println!("gradients reach the weight: {}", model.weight.grad(&grads).is_some());
        }
        let loss = (model.forward(batch.x) - batch.y).powf_scalar(2.0).mean();
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-3, model, grads);
    }
    model
}
