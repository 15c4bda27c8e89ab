//! A trainer struct made by `new` keeps the positional table it looks up once from the model;
//! each step adds it to the token features.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    table: Linear,
    tok: Linear,
}

struct Trainer {
    pos: Tensor<2>,
    lr: f64,
}

impl Trainer {
    fn new(model: &Model, device: &Device) -> Self {
        let ids = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0]], device);
        Self { pos: model.table.forward(ids), lr: 0.1 }
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(17);
    let mut model = Model {
        table: LinearConfig::new(2, 2).init(&device),
        tok: LinearConfig::new(2, 2).init(&device),
    };
    let mut sgd = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, 1.0], [1.5, -0.5]], &device);
    let y = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0]], &device);
    for step in 0..3 {
        // Made in each step: `pos` follows the table the optimizer updates.
        let trainer = Trainer::new(&model, &device);
        let h = model.tok.forward(x.clone()) + trainer.pos;
        let loss = (h - y.clone()).powf_scalar(2.0).mean();
        println!("step {step}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = sgd.step(trainer.lr, model, grads);
    }
}
