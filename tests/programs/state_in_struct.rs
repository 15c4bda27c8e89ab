//! A trainer struct that derives a tensor from its parameter once, in `new`, and keeps it in a
//! field: every step's loss is built on that stored, tracked intermediate.
//!
//! Node ids: weight 0, scale 1 (`weight.exp()`, in `Trainer::new`), x 2. Step 0: mul 3, sum 4;
//! its backward consumes 4, 3 and 1. Step 1: mul 5, sum 6; the walk 6 -> 5 -> 1 finds 1's step
//! gone: the panic at NodeId(1).

use burn::prelude::*;

struct Trainer {
    weight: Tensor<1>,
    /// `exp(weight)`, computed once.
    scale: Tensor<1>,
}

impl Trainer {
    fn new(device: &Device) -> Self {
        let weight = Tensor::<1>::from_floats([0.5, 1.0], device).require_grad();
        let scale = weight.clone().exp();
        Self { weight, scale }
    }

    fn step(&self, x: Tensor<1>) -> f32 {
        let loss = (self.scale.clone() * x).sum();
        let grads = loss.backward();
        let g = self.weight.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap();
        println!("  weight.grad = {:?}", g);
        loss.into_scalar()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let trainer = Trainer::new(&device);
    let x = Tensor::<1>::from_floats([1.0, 2.0], &device);
    for step in 0..3 {
        println!("step {step}");
        let loss = trainer.step(x.clone());
        println!("  loss = {loss}");
    }
}
