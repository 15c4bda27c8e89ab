// A model that derives a tensor from its parameter once, in its constructor, and keeps it in a
// field; the method the loop calls builds each pass's loss on that field and backpropagates:
// the first pass consumes the field's step, the second panics at it.
use burn::{prelude::*, tensor::activation};

struct Model {
    weight: Tensor<1>,
    gain: Tensor<1>,
}

impl Model {
    fn new(device: &Device) -> Self {
        let weight = Tensor::<1>::from_floats([0.5, -1.0], device).require_grad();
        let gain = activation::sigmoid(weight.clone()); //~ WARN loop-external-tracked
        Model { weight, gain }
    }

    fn train_step(&self, x: Tensor<1>) -> f32 {
        let loss = (self.gain.clone() * x).powf_scalar(2.0).mean();
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
