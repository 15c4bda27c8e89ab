//! A batch split into chunks, each chunk's loss pushed to a `Vec`, the losses summed with
//! `reduce` and backpropagated once: the way to combine losses. No panic.
//!
//! Node ids for the record: fc.weight 0, fc.bias 1, x 2, y 3; each chunk: two slices, the
//! linear's three (matmul, the bias's reshape, add), sub, square, mean; then one add; then the
//! optimizer's new weight and bias.

use burn::{
    module::Param,
    nn::{
        Linear,
        loss::{MseLoss, Reduction},
    },
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

fn main() {
    let device = Device::default().autodiff();
    let mut model: Linear = Linear {
        weight: Param::from_tensor(Tensor::from_floats([[0.5], [0.25]], &device)),
        bias: Some(Param::from_tensor(Tensor::from_floats([0.0], &device))),
    };
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, -1.0]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [0.5], [1.0], [0.5]], &device);
    let mut optim = SgdConfig::new().init();
    let mse = MseLoss::new();

    for epoch in 0..3 {
        let mut losses = Vec::new();
        for chunk in 0..2 {
            let rows = chunk * 2..chunk * 2 + 2;
            let xb = x.clone().slice([rows.clone(), 0..2]);
            let yb = y.clone().slice([rows, 0..1]);
            losses.push(mse.forward(model.forward(xb), yb, Reduction::Mean));
        }
        let values: Vec<f32> = losses.iter().map(|l| l.clone().into_scalar::<f32>()).collect();
        let loss = losses.into_iter().reduce(|a, b| a + b).unwrap();
        let total = loss.clone().into_scalar::<f32>();
        println!("epoch {epoch}: chunks = {:?}, total = {}", values, total);
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.25, model, grads);
    }
    let w = model.weight.val().into_data().to_vec::<f32>().unwrap();
    println!("weight = {:?}", w);
}
