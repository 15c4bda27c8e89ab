//! Link prediction on a tiny graph: node encodings are memoised so that a node shared by several
//! edges is encoded once.
use std::collections::HashMap;

use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct NodeEncoder {
    fc: Linear,
}

fn encode(cache: &mut HashMap<usize, Tensor<2>>, enc: &NodeEncoder, feats: &Tensor<2>, i: usize) -> Tensor<2> {
    if let Some(e) = cache.get(&i) {
        return e.clone();
    }
    let e = enc.fc.forward(feats.clone().slice([i..i + 1, 0..2])).tanh();
    cache.insert(i, e.clone());
    e
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(91);
    let mut enc = NodeEncoder { fc: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let feats = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]], &device);
    let batches = [[(0usize, 1usize), (1, 2)], [(0, 2), (2, 1)]];
    let labels = [[1.0f32, 0.0], [0.0, 1.0]];

    for step in 0..2 {
        let mut cache: HashMap<usize, Tensor<2>> = HashMap::new();
        let mut terms = Vec::new();
        for (e, &(a, b)) in batches[step].iter().enumerate() {
            let score = (encode(&mut cache, &enc, &feats, a) * encode(&mut cache, &enc, &feats, b)).sum();
            terms.push(score.sub_scalar(labels[step][e]).powf_scalar(2.0));
        }
        let loss = terms.into_iter().reduce(|a, b| a + b).unwrap();
        println!("batch {step}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &enc);
        enc = optim.step(0.1, enc, grads);
    }
}
