//! A physics-informed fit: a residual loss and a boundary loss on one forward, each with a step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Field {
    a: Linear,
    b: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(15);
    let mut field = Field { a: LinearConfig::new(1, 3).init(&device), b: LinearConfig::new(3, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let xs = Tensor::<2>::from_floats([[0.1], [0.4], [0.9], [1.0]], &device);
    let target = Tensor::<2>::from_floats([[0.2], [0.3], [0.1]], &device);
    for epoch in 0..2 {
        let u = field.b.forward(field.a.forward(xs.clone()).tanh());
        let residual = (u.clone().narrow(0, 0, 3) - target.clone()).powf_scalar(2.0).mean();
        let edge = u.narrow(0, 3, 1).powf_scalar(2.0).mean();
        println!("{epoch}: {} {}", residual.clone().into_scalar::<f32>(), edge.clone().into_scalar::<f32>());
        for loss in [residual, edge] {
            let grads = GradientsParams::from_grads(loss.backward(), &field);
            field = sgd.step(0.05, field, grads);
        }
    }
}
