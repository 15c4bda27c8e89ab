//! Distillation: a teacher network (loaded once, never trained) gives soft targets, memoised per
//! example index in a HashMap; a student is trained to match them over several epochs.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::sigmoid,
};
use std::collections::HashMap;

#[derive(Module, Debug)]
struct Net {
    layer: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(12);
    let teacher = Net { layer: LinearConfig::new(2, 3).init(&device) };
    let mut student = Net { layer: LinearConfig::new(2, 3).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let inputs = Tensor::<2>::from_floats([[0.5, 1.0], [-1.0, 0.25], [0.0, -0.75]], &device);
    let mut soft: HashMap<usize, Tensor<2>> = HashMap::new();

    for epoch in 0..3 {
        for n in 0..3 {
            let x = inputs.clone().slice([n..n + 1, 0..2]);
            let target = soft
                .entry(n)
                .or_insert_with(|| sigmoid(teacher.layer.forward(x.clone())))
                .clone();
            let guess = sigmoid(student.layer.forward(x));
            let loss = (guess - target).powf_scalar(2.0).mean();
            println!("epoch {epoch} example {n}: {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &student);
            student = sgd.step(0.5, student, grads);
        }
    }
}
