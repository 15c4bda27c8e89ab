// Older generic style: knowledge distillation. The teacher's logits for the whole set are
// computed once before training; each step the student matches a minibatch of them (narrow).
// Panics (hand derivation): `soft_targets` is made before the loop from the teacher; step 0's
// backward consumes its step through its `narrow`, step 1's panics. The teacher is never
// stepped: detached once.
// Code fix: detach once
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Mlp<B: Backend> {
    a: Linear<B>,
    b: Linear<B>,
}

impl<B: Backend> Mlp<B> {
    pub fn new(hidden: usize, device: &B::Device) -> Self {
        Self { a: LinearConfig::new(2, hidden).init(device), b: LinearConfig::new(hidden, 3).init(device) }
    }
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.b.forward(self.a.forward(x).tanh())
    }
}

fn main() {
    let device = Default::default();
    B::seed(&device, 11);
    let teacher: Mlp<B> = Mlp::new(8, &device);
    let mut student: Mlp<B> = Mlp::new(3, &device);
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<B, 2>::from_floats(
        [[0.0, 1.0], [1.0, 0.0], [0.5, 0.5], [-1.0, 0.25], [0.75, -0.5], [0.1, 0.9]],
        &device,
    );
    let soft_targets = burn::tensor::activation::softmax(teacher.forward(x.clone()), 1);
    for step in 0..3 {
        let start = (step * 2) % 6;
        let probs = burn::tensor::activation::softmax(student.forward(x.clone().narrow(0, start, 2)), 1);
        let target = soft_targets.clone().narrow(0, start, 2);
        let loss = (probs - target).powf_scalar(2.0).sum();
        println!("step {step}: {:.6}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &student);
        student = optim.step(0.05, student, grads);
    }
}
