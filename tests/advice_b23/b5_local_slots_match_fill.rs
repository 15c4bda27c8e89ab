//! Features per input kept in a local `Vec<Option<..>>`, filled by a `match` on the slot the
//! first time an input is seen, reused by the next epoch.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    enc: Linear,
    cls: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(44);
    let mut model = Model { enc: LinearConfig::new(2, 3).init(&device), cls: LinearConfig::new(3, 1).init(&device) };
    let mut adam = AdamConfig::new().init();
    let xs = [[0.2, 0.7], [-0.5, 0.1], [0.9, -0.3]];
    let ys = [1.0, 0.0, 1.0];
    let mut feats: Vec<Option<Tensor<2>>> = vec![None; 3];

    for epoch in 0..2 {
        for i in 0..3 {
            let feat = match feats[i].clone() {
                Some(f) => f,
                None => {
                    let f = model.enc.forward(Tensor::<2>::from_floats([xs[i]], &device));
                    feats[i] = Some(f.clone());
                    f
                }
            };
            let loss = (model.cls.forward(feat) - ys[i]).powf_scalar(2.0).mean();
            println!("epoch {epoch} x{i}: {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = adam.step(0.02, model, grads);
        }
    }
}
