//! Sentence scoring: word codes are memoised with `entry(..).or_insert_with(..)` in a map kept
//! across the steps; a sentence repeats words, so the memo saves forwards.
use std::collections::HashMap;

use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct WordNet {
    embed: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(310);
    let mut net = WordNet { embed: LinearConfig::new(3, 2).init(&device) };
    let mut adam = AdamConfig::new().init();
    let onehots = Tensor::<2>::from_floats([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], &device);
    let sentences = [vec![0usize, 1, 0], vec![2, 2, 1]];
    let mut memo: HashMap<usize, Tensor<2>> = HashMap::new();
    for (s, words) in sentences.iter().enumerate() {
        let mut sum = Tensor::<2>::zeros([1, 2], &device);
        for &w in words.iter() {
            let code = memo.entry(w).or_insert_with(|| net.embed.forward(onehots.clone().slice([w..w + 1, 0..3])).tanh()).clone();
            sum = sum + code;
        }
        let loss = sum.powf_scalar(2.0).mean();
        println!("sentence {s}: {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = adam.step(1e-2, net, grads);
    }
}
