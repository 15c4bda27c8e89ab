//! Three regression targets predicted from one trunk. The per-target losses are collected in a
//! Vec and each one is backpropagated and stepped in turn.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Trunk3 {
    trunk: Linear,
    h1: Linear,
    h2: Linear,
    h3: Linear,
}

fn mse(pred: Tensor<2>, target: Tensor<2>) -> Tensor<1> {
    (pred - target).powf_scalar(2.0).mean()
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(2);
    let mut model = Trunk3 {
        trunk: LinearConfig::new(2, 4).init(&device),
        h1: LinearConfig::new(4, 1).init(&device),
        h2: LinearConfig::new(4, 1).init(&device),
        h3: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.3, -0.7], [0.9, 0.1], [-0.2, 0.4]], &device);
    let y1 = Tensor::<2>::from_floats([[0.1], [0.5], [0.0]], &device);
    let y2 = Tensor::<2>::from_floats([[-0.2], [0.3], [0.6]], &device);
    let y3 = Tensor::<2>::from_floats([[1.0], [0.0], [0.5]], &device);

    for epoch in 0..3 {
        let feat = model.trunk.forward(x.clone()).tanh();
        let losses = vec![
            mse(model.h1.forward(feat.clone()), y1.clone()),
            mse(model.h2.forward(feat.clone()), y2.clone()),
            mse(model.h3.forward(feat), y3.clone()),
        ];
        for (k, loss) in losses.iter().enumerate() {
            println!("epoch {epoch} target {k}: loss = {:.5}", loss.clone().into_scalar::<f32>());
        }
        let total = losses.into_iter().reduce(|a, b| a + b).unwrap();
        let grads = GradientsParams::from_grads(total.backward(), &model);
        model = optim.step(0.05, model, grads);
    }
}
