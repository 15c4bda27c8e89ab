// Center loss: a method keeps each class's center in a `HashMap` field, the mean of the center
// it holds (`match self.by_class.get(&class) { Some(c) => .., None => current }`) and a detached
// copy of the features. What the caller's map holds is data, so is what the method makes of it
// and puts back: every pass has a graph of its own. pbpit run: clean.
use std::collections::HashMap;

use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    enc: Linear,
    head: Linear,
}

struct Centers {
    by_class: HashMap<usize, Tensor<2>>,
}

impl Centers {
    fn center(&mut self, class: usize, feats: &Tensor<2>) -> Tensor<2> {
        let current = feats.clone().detach();
        let updated = match self.by_class.get(&class) {
            Some(c) => c.clone() * 0.5 + current * 0.5,
            None => current,
        };
        self.by_class.insert(class, updated.clone());
        updated
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut model = Model {
        enc: LinearConfig::new(3, 4).init(&device),
        head: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let mut centers = Centers { by_class: HashMap::new() };
    let xs = [[0.1, 0.5, 0.9], [0.8, -0.3, 0.2], [0.2, 0.4, 1.0]];
    let classes = [0, 1, 0];
    let ys = [1.0, -1.0, 1.0];
    for epoch in 0..2 {
        for i in 0..3 {
            let x = Tensor::<2>::from_floats([xs[i]], &device);
            let feats = model.enc.forward(x).tanh();
            let task = (model.head.forward(feats.clone()) - ys[i]).powf_scalar(2.0).mean();
            let pull = (feats.clone() - centers.center(classes[i], &feats)).powf_scalar(2.0).mean();
            let loss = task + pull * 0.1;
            println!("epoch {epoch} sample {i}: loss = {}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = optim.step(1e-2, model, grads);
        }
    }
}
