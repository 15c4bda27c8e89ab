// A training loop that, every hundred steps, backpropagates the loss again to inspect a
// gradient: the loss's steps are gone after the update's backward, so the inspection panics.
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn train<B: AutodiffBackend>(mut model: Model<B>, loader: Loader<B>) -> Model<B> {
    let mut optim = AdamConfig::new().init();
    for (step, batch) in loader.iter().enumerate() {
        let loss = (model.forward(batch.x) - batch.y).abs().mean();
        let grads = loss.backward();
        if step % 100 == 0 {
            let inspect = loss.backward(); //~ WARN double-backward
            println!("step {step}: {:?}", model.weight.grad(&inspect).map(|g| g.into_data()));
        }
        model = optim.step(1e-3, model, GradientsParams::from_grads(grads, &model));
    }
    model
}
