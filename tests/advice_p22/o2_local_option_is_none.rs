//! Class prototypes for a few-shot head are computed once from the support set by the encoder,
//! held in a local `Option`, and compared with every query; the encoder is trained on the queries.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Encoder {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut encoder = Encoder { fc: LinearConfig::new(2, 3).init(&device) };
    let mut adam = AdamConfig::new().init();
    let support = Tensor::<2>::from_floats([[1.0, 0.5], [-0.5, 1.0]], &device);
    let queries = [[0.9, 0.4], [-0.4, 0.8], [1.1, 0.6], [-0.6, 1.2]];
    let labels = [0usize, 1, 0, 1];
    let mut prototypes: Option<Tensor<2>> = None;

    for k in 0..4 {
        if prototypes.is_none() {
            prototypes = Some(encoder.fc.forward(support.clone()));
        }
        let protos = prototypes.clone().unwrap();
        let z = encoder.fc.forward(Tensor::<2>::from_floats([queries[k]], &device));
        let dists = (protos - z).powf_scalar(2.0).sum_dim(1);
        let own = dists.clone().slice([labels[k]..labels[k] + 1, 0..1]).sum();
        let loss = own - dists.sum() * 0.1;
        println!("query {k}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &encoder);
        encoder = adam.step(1e-2, encoder, grads);
    }
}
