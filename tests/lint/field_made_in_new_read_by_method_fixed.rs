// field_made_in_new_read_by_method.rs with the gain derived from the parameter in the step,
// every pass: each backward consumes only what its own pass made. Runs clean.
use burn::{prelude::*, tensor::activation};

struct Model {
    weight: Tensor<1>,
}

impl Model {
    fn new(device: &Device) -> Self {
        let weight = Tensor::<1>::from_floats([0.5, -1.0], device).require_grad();
        Model { weight }
    }

    fn train_step(&self, x: Tensor<1>) -> f32 {
        let gain = activation::sigmoid(self.weight.clone());
        let loss = (gain * x).powf_scalar(2.0).mean();
        let grads = loss.backward();
        self.weight.grad(&grads).unwrap().sum().into_scalar()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let model = Model::new(&device);
    let x = Tensor::<1>::from_floats([1.0, 3.0], &device);
    for epoch in 0..2 {
        let g = model.train_step(x.clone());
        println!("epoch {epoch}: grad sum = {g}");
    }
}
