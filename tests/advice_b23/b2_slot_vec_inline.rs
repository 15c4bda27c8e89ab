//! A two-layer scorer whose first layer's output for each of three shapes is parked in a
//! `Vec<Option<..>>` by a `Shelf`, so later rounds read the parked code instead of encoding again.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Scorer {
    lower: Linear,
    upper: Linear,
}

struct Shelf {
    slots: Vec<Option<Tensor<2>>>,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(9);
    let mut scorer = Scorer {
        lower: LinearConfig::new(2, 3).init(&device),
        upper: LinearConfig::new(3, 1).init(&device),
    };
    let mut adam = AdamConfig::new().init();
    let shapes = [[0.9, -0.3], [0.1, 0.7], [-0.4, -0.8]];
    let marks = [0.3, -0.1, 0.6];
    let mut shelf = Shelf { slots: vec![None, None, None] };

    for round in 0..2 {
        for i in 0..3 {
            if shelf.slots[i].is_none() {
                let x = Tensor::<2>::from_floats([shapes[i]], &device);
                shelf.slots[i] = Some(scorer.lower.forward(x).abs());
            }
            let code = shelf.slots[i].clone().unwrap();
            let out = scorer.upper.forward(code);
            let loss = (out - marks[i]).powf_scalar(2.0).sum();
            println!("round {round} shape {i}: loss = {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &scorer);
            scorer = adam.step(0.01, scorer, grads);
        }
    }
}
