//! Hand twin of row_losses_sliced.rs: each row's score from a forward of its own.
//! Scores of a whole batch from one forward, then a pass per row: each row's loss against its
//! label is backpropagated, its gradients kept; the scorer is stepped with each after the rows.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Scorer {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(21);
    let mut scorer = Scorer { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, 1.5], [-1.0, 0.25], [2.0, -0.5]], &device);
    let labels = Tensor::<2>::from_floats([[1.0], [0.0], [1.0]], &device);
    let mut per_row = Vec::new();
    for row in 0..3 {
        let score = scorer.fc.forward(x.clone()).slice([row..row + 1, 0..1]);
        let label = labels.clone().slice([row..row + 1, 0..1]);
        let loss = (score - label).powf_scalar(2.0).mean();
        println!("row {row}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        per_row.push(GradientsParams::from_grads(loss.backward(), &scorer));
    }
    for grads in per_row {
        scorer = optim.step(0.1, scorer, grads);
    }
    println!("bias = {:?}", scorer.fc.bias.as_ref().unwrap().val().into_data().to_vec::<f32>().unwrap());
}
