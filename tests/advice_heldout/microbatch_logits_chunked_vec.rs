//! A linear probe trained by micro-batches: one forward of the eight examples, the logits cut
//! with `chunk` into a Vec of four parts, each part's loss backpropagated and stepped by SGD,
//! the learning rate decayed every step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Probe {
    linear: Linear,
}

impl Probe {
    fn logits(&self, features: Tensor<2>) -> Tensor<2> {
        self.linear.forward(features)
    }
}

fn decayed(lr: f64, step: usize) -> f64 {
    lr / (1.0 + 0.1 * step as f64)
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut probe = Probe { linear: LinearConfig::new(2, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let features = Tensor::<2>::from_floats(
        [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.5, -0.5], [-1.0, 0.2], [0.3, 0.3], [0.8, -0.2], [-0.4, -0.9]],
        &device,
    );
    let targets = Tensor::<2>::from_floats([[1.0], [0.0], [1.0], [0.5], [-1.0], [0.3], [0.6], [-0.8]], &device);
    let target_parts: Vec<Tensor<2>> = targets.chunk(4, 0);
    let mut step = 0;
    for epoch in 0..2 {
        let logits = probe.logits(features.clone());
        let parts: Vec<Tensor<2>> = logits.chunk(4, 0);
        let mut index = 0;
        for part in parts {
            let diff = part - target_parts[index].clone();
            let loss = (diff.clone() * diff).mean();
            let grads = GradientsParams::from_grads(loss.backward(), &probe);
            probe = sgd.step(decayed(0.1, step), probe, grads);
            step += 1;
            index += 1;
        }
        println!("epoch {epoch}: {step} steps");
    }
    let check = probe.logits(features).sum().into_scalar::<f32>();
    println!("sum of logits = {check:.6}");
}
