// The custom training loop of Burn's examples: the loss is cloned to read its value and
// backpropagated once per iteration (`loss.clone().backward()` or `loss.backward()` and then
// `loss.into_scalar()`). Once per pass, on a loss made in that pass: no finding.
use burn::nn::loss::CrossEntropyLossConfig;
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn run<B: AutodiffBackend>(mut model: Model<B>, loader: Loader<B>, epochs: usize, device: &B::Device) -> Model<B> {
    let mut optim = AdamConfig::new().init();
    let loss_fn = CrossEntropyLossConfig::new().init(device);
    for epoch in 1..epochs + 1 {
        for (iteration, batch) in loader.iter().enumerate() {
            let output = model.forward(batch.images);
            let loss = loss_fn.forward(output.clone(), batch.targets.clone());
            let grads = loss.clone().backward();
            let grads = GradientsParams::from_grads(grads, &model);
            model = optim.step(1e-4, model, grads);
            println!("[Train - Epoch {epoch} - Iteration {iteration}] Loss {:.3}", loss.into_scalar());
        }
        for batch in loader.iter() {
            let output = model.forward(batch.images);
            let loss = loss_fn.forward(output, batch.targets);
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            println!("{}", loss.into_scalar());
            model = optim.step(1e-4, model, grads);
        }
    }
    model
}
