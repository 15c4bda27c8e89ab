//! A regressor with a learned offset: the offset is the same for every sample, so it is
//! computed once before training, then epochs (a `while`) of mini-batch steps reuse it.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Regressor {
    offset: Linear,
    head: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut model = Regressor {
        offset: LinearConfig::new(2, 1).init(&device),
        head: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let anchor = Tensor::<2>::from_floats([[0.5, -0.5]], &device);
    let batches = [
        Tensor::<2>::from_floats([[1.0, 0.0, 2.0], [0.5, 1.0, -1.0]], &device),
        Tensor::<2>::from_floats([[0.0, 1.0, 1.0], [2.0, -1.0, 0.5]], &device),
    ];
    let targets = [
        Tensor::<2>::from_floats([[1.0], [0.0]], &device),
        Tensor::<2>::from_floats([[0.5], [1.5]], &device),
    ];

    let mut epoch = 0;
    while epoch < 2 {
        for (xb, yb) in batches.iter().zip(targets.iter()) {
            let shift = model.offset.forward(anchor.clone()).tanh();
            let pred = model.head.forward(xb.clone()) + shift;
            let loss = (pred - yb.clone()).powf_scalar(2.0).mean();
            println!("epoch {epoch}: loss = {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = optim.step(0.05, model, grads);
        }
        epoch += 1;
    }
}
