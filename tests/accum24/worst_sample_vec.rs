//! The worst sample's loss of each epoch is kept and added (at a small weight) to the next epoch's loss.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    lin: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(31);
    let mut model = Model { lin: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.2, 0.4], [0.8, -0.3], [-0.5, 0.6]], &device);
    let y = Tensor::<2>::from_floats([[0.1], [0.9], [-0.4]], &device);
    let mut worst: Vec<Tensor<1>> = Vec::new();

    for epoch in 0..3 {
        let errs = (model.lin.forward(x.clone()) - y.clone()).abs().reshape([3]);
        let mut loss = errs.clone().mean();
        for w in worst.iter() {
            loss = loss + w.clone() * 0.25;
        }
        println!("epoch {epoch}: {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
        worst.clear();
        worst.push(errs.max());
    }
}
