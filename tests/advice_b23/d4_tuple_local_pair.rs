//! Losses summed into the first part of a local `(sum, count)` pair, backpropagated when the
//! count reaches two; the pair is made once, before the epochs.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut model = Model { fc: LinearConfig::new(2, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let points = [[1.0, 0.5], [0.2, -0.4], [-0.7, 0.1], [0.4, 0.9], [0.6, -0.6]];
    let mut acc: (Option<Tensor<1>>, usize) = (None, 0);

    for epoch in 0..2 {
        for p in points.iter() {
            let x = Tensor::<2>::from_floats([*p], &device);
            let loss = model.fc.forward(x).abs().sum();
            acc.0 = Some(match acc.0.take() {
                Some(s) => s + loss,
                None => loss,
            });
            acc.1 += 1;
            if acc.1 == 2 {
                let sum = acc.0.clone().unwrap();
                println!("epoch {epoch}: {:.6}", sum.clone().into_scalar::<f32>());
                let grads = GradientsParams::from_grads(sum.backward(), &model);
                model = sgd.step(0.1, model, grads);
                acc.1 = 0;
            }
        }
    }
}
