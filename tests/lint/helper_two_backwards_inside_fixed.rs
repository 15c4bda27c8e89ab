// Two optimizers, one for the encoder and one for the head: one backward, and its gradients
// split between them (`from_module` takes each module's own out of the one `Gradients`).
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    encoder: Encoder<B>,
    head: Head<B>,
}

fn step_both<B: AutodiffBackend, OE: Optimizer<Encoder<B>, B>, OH: Optimizer<Head<B>, B>>(
    loss: Tensor<B, 1>,
    model: Model<B>,
    optim_encoder: &mut OE,
    optim_head: &mut OH,
) -> Model<B> {
    let mut grads = loss.backward();
    let grads_encoder = GradientsParams::from_module(&mut grads, &model.encoder);
    let grads_head = GradientsParams::from_module(&mut grads, &model.head);
    let encoder = optim_encoder.step(1e-3, model.encoder, grads_encoder);
    let head = optim_head.step(1e-2, model.head, grads_head);
    Model { encoder, head }
}

pub fn train<B: AutodiffBackend>(
    mut model: Model<B>,
    batches: Vec<(Tensor<B, 2>, Tensor<B, 2>)>,
) -> Model<B> {
    let mut optim_encoder = AdamConfig::new().init();
    let mut optim_head = AdamConfig::new().init();
    for (inputs, targets) in batches {
        let output = model.head.forward(model.encoder.forward(inputs));
        let loss = (output - targets).powf_scalar(2.0).mean();
        model = step_both(loss, model, &mut optim_encoder, &mut optim_head);
    }
    model
}
