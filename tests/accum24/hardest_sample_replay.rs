//! Hard-example replay: the loss of the epoch's hardest sample is remembered and added again
//! (half weight) to the next epoch's loss.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(101);
    let mut model = Model { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.1, 0.2], [0.9, 0.4], [-0.6, 0.3], [0.5, -0.8]], &device);
    let y = Tensor::<2>::from_floats([[0.3], [1.2], [-0.2], [0.9]], &device);
    let mut hard: Vec<Tensor<1>> = Vec::new();

    for epoch in 0..3 {
        let per_sample = (model.fc.forward(x.clone()) - y.clone()).powf_scalar(2.0).sum_dim(1).reshape([4]);
        let mut loss = per_sample.clone().mean();
        for h in hard.iter() {
            loss = loss + h.clone() * 0.5;
        }
        println!("epoch {epoch}: loss = {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-2, model, grads);
        hard.clear();
        hard.push(per_sample.max());
    }
}
