//! Hand twin of B_baseline_from_weights.rs. Older `Tensor<B, D>` style. A score regressed against a baseline that starts as half the sum
//! of the first layer's weights and follows the scores by a moving average. The average keeps
//! every earlier pass's graph: the second backward panics. Hand fix (twin): the moving average
//! detached where it is put in `baseline`.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Scorer<B: Backend> {
    lin: Linear<B>,
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 11);
    let mut scorer: Scorer<B> = Scorer { lin: LinearConfig::new(3, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let batches = [
        [[0.2, -0.4, 1.0], [0.9, 0.1, -0.3]],
        [[-0.5, 0.7, 0.2], [0.3, 0.3, 0.3]],
        [[1.0, 0.0, -1.0], [0.4, -0.8, 0.6]],
    ];
    let mut baseline = scorer.lin.weight.val().sum() * 0.5;
    for (step, rows) in batches.iter().enumerate() {
        let input = Tensor::<B, 2>::from_floats(*rows, &device);
        let score = scorer.lin.forward(input).mean();
        let loss = (score.clone() - baseline.clone()).powf_scalar(2.0);
        println!("step {step}: loss {:.6}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &scorer);
        scorer = sgd.step(0.2, scorer, grads);
        baseline = (baseline.clone() * 0.7 + score * 0.3).detach();
    }
}
