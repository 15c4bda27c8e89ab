// An epoch's running loss kept as a tensor, `running = running + loss`, and backpropagated in
// every pass (a translation of the PyTorch report "total_loss += loss; total_loss.backward()"):
// each pass's sum reaches back into the previous passes' losses, whose steps are consumed.
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn train<B: AutodiffBackend>(mut model: Model<B>, loader: Loader<B>, device: &B::Device) -> Model<B> {
    let mut optim = SgdConfig::new().init();
    let mut running = Tensor::<B, 1>::zeros([1], device);
    for (step, batch) in loader.iter().enumerate() {
        let loss = (model.forward(batch.x) - batch.y).powf_scalar(2.0).mean();
        running = running + loss; //~ WARN loop-external-tracked
        let grads = GradientsParams::from_grads(running.backward(), &model);
        model = optim.step(1e-2, model, grads);
        println!("step {step}: mean loss so far {}", running.clone().into_scalar().elem::<f32>() / (step + 1) as f32);
    }
    model
}
