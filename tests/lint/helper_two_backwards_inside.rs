// Two optimizers, one for the encoder and one for the head, each wanting its own gradients:
// the helper runs a backward for each, on the loss it is given, whose graph the first one
// consumed. One call, and already two backwards.
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
    let grads = GradientsParams::from_grads(loss.clone().backward(), &model.encoder);
    let encoder = optim_encoder.step(1e-3, model.encoder, grads);
    let grads = GradientsParams::from_grads(loss.backward(), &model.head);
    let head = optim_head.step(1e-2, model.head, grads);
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
        model = step_both(loss, model, &mut optim_encoder, &mut optim_head); //~ WARN double-backward
    }
    model
}
