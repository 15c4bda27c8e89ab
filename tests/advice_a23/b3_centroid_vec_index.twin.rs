//! k-means-like centroids kept in a Vec, each moved toward the embeddings assigned to it; the
//! encoder is trained to sit close to its assigned centroid.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Enc {
    lin: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut enc = Enc { lin: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut centroids: Vec<Tensor<2>> = vec![
        Tensor::<2>::from_floats([[1.0, 0.0]], &device),
        Tensor::<2>::from_floats([[0.0, 1.0]], &device),
    ];
    let points = [[0.9, 0.1], [0.1, 0.8], [1.0, 0.2], [0.2, 1.0]];
    for (n, p) in points.iter().enumerate() {
        let z = enc.lin.forward(Tensor::<2>::from_floats([*p], &device));
        let k = n % 2;
        let loss = (z.clone() - centroids[k].clone()).powf_scalar(2.0).sum();
        println!("point {n} -> centroid {k}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &enc);
        enc = optim.step(0.1, enc, grads);
        if let Some(c) = centroids.get_mut(k) {
            *c = c.clone() * 0.7 + z.detach() * 0.3;
        }
    }
}
