//! Each epoch, the batch with the largest loss is remembered and trained on once more at the end.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Probe<B: Backend> {
    head: Linear<B>,
}

fn main() {
    let device = Default::default();
    B::seed(&device, 11);
    let mut probe: Probe<B> = Probe { head: LinearConfig::new(2, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let inputs = Tensor::<B, 2>::from_floats([[1.0, 0.0], [0.5, 0.5], [0.0, 1.0], [0.2, -0.4]], &device);
    let labels = Tensor::<B, 2>::from_floats([[1.0], [0.0], [0.5], [0.3]], &device);
    for epoch in 0..2 {
        let mut worst_value = f32::MIN;
        let mut worst: Option<usize> = None;
        for i in 0..4 {
            let inp = inputs.clone().narrow(0, i, 1);
            let lab = labels.clone().narrow(0, i, 1);
            let l = (probe.head.forward(inp) - lab).powf_scalar(2.0).sum();
            let value = l.clone().into_scalar();
            let grads = GradientsParams::from_grads(l.backward(), &probe);
            probe = sgd.step(0.05, probe, grads);
            if value > worst_value {
                worst_value = value;
                worst = Some(i);
            }
        }
        println!("epoch {epoch}: worst = {worst_value:.6}");
        match worst {
            Some(i) => {
                let inp = inputs.clone().narrow(0, i, 1);
                let lab = labels.clone().narrow(0, i, 1);
                let l = (probe.head.forward(inp) - lab).powf_scalar(2.0).sum();
                let grads = GradientsParams::from_grads(l.backward(), &probe);
                probe = sgd.step(0.05, probe, grads);
            }
            None => {}
        }
    }
    println!("w = {:.6}", probe.head.weight.val().sum().into_scalar());
}
