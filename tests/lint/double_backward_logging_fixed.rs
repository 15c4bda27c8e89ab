// Fixed: the gradient is inspected in the gradients the one backward returned, before they are
// handed to the optimizer.
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn train<B: AutodiffBackend>(mut model: Model<B>, loader: Loader<B>) -> Model<B> {
    let mut optim = AdamConfig::new().init();
    for (step, batch) in loader.iter().enumerate() {
        let loss = (model.forward(batch.x) - batch.y).abs().mean();
        let grads = loss.backward();
        if step % 100 == 0 {
            println!("step {step}: {:?}", model.weight.grad(&grads).map(|g| g.into_data()));
        }
        model = optim.step(1e-3, model, GradientsParams::from_grads(grads, &model));
    }
    model
}
