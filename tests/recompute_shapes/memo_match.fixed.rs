//! A scorer over items: an item's encoding is memoised by its id, so an item seen before is not
//! encoded again.

use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Ranker {
    encoder: Linear,
    scorer: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(37);
    let mut model = Ranker {
        encoder: LinearConfig::new(3, 4).init(&device),
        scorer: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let features = Tensor::<2>::from_floats([[0.2, 0.5, 0.1], [0.9, -0.1, 0.3], [-0.4, 0.4, 0.8]], &device);
    let labels = Tensor::<2>::from_floats([[1.0], [0.0], [0.5]], &device);
    let clicks = [0usize, 1, 0, 2, 1];

    for (step, &id) in clicks.iter().enumerate() {
        let enc = model.encoder.forward(features.clone().slice([id..id + 1, 0..3]));
        let score = model.scorer.forward(enc);
        let loss = (score - labels.clone().slice([id..id + 1, 0..1])).powf_scalar(2.0).mean();
        println!("click {step} (item {id}): loss = {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
    }
}
