//! Encodings of two alternating views cached in slots, filled the first time each view is seen.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    enc: Linear,
    head: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(41);
    let mut model = Model { enc: LinearConfig::new(2, 3).init(&device), head: LinearConfig::new(3, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let views = [
        Tensor::<2>::from_floats([[0.2, 0.7]], &device),
        Tensor::<2>::from_floats([[-0.4, 0.1]], &device),
    ];
    let y = Tensor::<2>::from_floats([[0.5]], &device);
    let mut slots: Vec<Option<Tensor<2>>> = vec![None, None];

    for step in 0..4 {
        let j = step % 2;
        let feat = slots[j].get_or_insert_with(|| model.enc.forward(views[j].clone())).clone();
        let loss = (model.head.forward(feat) - y.clone()).powf_scalar(2.0).mean();
        println!("step {step}: {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
    }
}
