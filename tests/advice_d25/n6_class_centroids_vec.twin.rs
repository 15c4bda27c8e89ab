//! Centroid learning: each class keeps a running centroid of its embeddings; every sample is pulled
//! towards its own class's centroid and pushed away from the other's.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Embedder {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(151);
    let mut model = Embedder { fc: LinearConfig::new(3, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let samples = Tensor::<2>::from_floats(
        [[0.9, 0.1, 0.0], [0.0, 0.8, 0.3], [1.0, 0.2, 0.1], [0.1, 0.9, 0.5]],
        &device,
    );
    let classes = [0usize, 1, 0, 1];
    let mut centroids: Vec<Tensor<2>> = (0..2).map(|_| Tensor::<2>::zeros([1, 2], &device)).collect();

    for (i, &c) in classes.iter().enumerate() {
        let e = model.fc.forward(samples.clone().slice([i..i + 1, 0..3])).tanh();
        let updated = centroids[c].clone() * 0.7 + e.clone() * 0.3;
        centroids[c] = updated.clone().detach();
        let pull = (e.clone() - updated).powf_scalar(2.0).sum();
        let push = (e - centroids[1 - c].clone()).powf_scalar(2.0).sum();
        let loss = pull - push * 0.1;
        println!("sample {i}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
    }
}
