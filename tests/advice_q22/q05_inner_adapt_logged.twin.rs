//! Per-task adaptation: for each task the support loss is computed and logged, then the
//! adapted copy takes a few inner gradient steps on it.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Learner {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(19);
    let base = Learner { fc: LinearConfig::new(2, 1).init(&device) };
    let mut inner = SgdConfig::new().init();
    let tasks = [
        (
            Tensor::<2>::from_floats([[1.0, 2.0], [0.0, 1.0]], &device),
            Tensor::<2>::from_floats([[1.0], [0.0]], &device),
        ),
        (
            Tensor::<2>::from_floats([[2.0, -1.0], [1.0, 1.0]], &device),
            Tensor::<2>::from_floats([[0.5], [2.0]], &device),
        ),
    ];

    for (t, (support, labels)) in tasks.iter().enumerate() {
        let mut adapted = base.clone();
        let support_loss = (adapted.fc.forward(support.clone()) - labels.clone())
            .powf_scalar(2.0)
            .mean();
        println!("task {t}: support loss {:.6}", support_loss.clone().into_scalar::<f32>());
        for k in 0..3 {
            let step_loss = (adapted.fc.forward(support.clone()) - labels.clone()).powf_scalar(2.0).mean();
            let grads = GradientsParams::from_grads(step_loss.backward(), &adapted);
            adapted = inner.step(0.1, adapted, grads);
            println!("task {t} step {k} done");
        }
    }
}
