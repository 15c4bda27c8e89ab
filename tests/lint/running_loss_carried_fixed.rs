// Fixed: each pass backpropagates its own loss; the running total is a number, read from the
// loss with `into_scalar`, not a tensor in the graph.
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn train<B: AutodiffBackend>(mut model: Model<B>, loader: Loader<B>) -> Model<B> {
    let mut optim = SgdConfig::new().init();
    let mut running = 0.0;
    for (step, batch) in loader.iter().enumerate() {
        let loss = (model.forward(batch.x) - batch.y).powf_scalar(2.0).mean();
        running += loss.clone().into_scalar().elem::<f32>();
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-2, model, grads);
        println!("step {step}: mean loss so far {}", running / (step + 1) as f32);
    }
    model
}
