//! Batches kept as (input, target) pairs in a Vec; each batch is stepped on, its loss kept, and
//! the epoch ends with one step on the mean of the kept losses.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Head {
    a: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(77);
    let mut head = Head { a: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let batches = vec![
        (Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0]], &device), Tensor::<2>::from_floats([[1.0], [0.0]], &device)),
        (Tensor::<2>::from_floats([[1.0, 1.0], [0.5, 0.5]], &device), Tensor::<2>::from_floats([[2.0], [1.0]], &device)),
    ];
    for epoch in 0..3 {
        let mut kept = Vec::new();
        for (xb, yb) in batches.iter() {
            let err = head.a.forward(xb.clone()) - yb.clone();
            let loss = (err.clone() * err).mean();
            let grads = GradientsParams::from_grads(loss.clone().backward(), &head);
            head = optim.step(0.1, head, grads);
            kept.push(loss);
        }
        let mean = Tensor::cat(kept, 0).mean();
        println!("epoch {epoch}: {:.5}", mean.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(mean.backward(), &head);
        head = optim.step(0.1, head, grads);
    }
}
