// Each pass puts its loss in a map under its own step and takes out the previous step's loss
// (`remove`) to backpropagate it, one pass late: every loss is taken out and backpropagated
// once, and the losses share only the parameter `w` (a leaf). pbpit run: no panic.
use burn::prelude::*;
use std::collections::HashMap;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut pending: HashMap<usize, Tensor<1>> = HashMap::new();
    for step in 0..4 {
        let x = Tensor::<1>::from_floats([1.0, step as f32], &device);
        let loss = (x * w.clone()).exp().sum();
        pending.insert(step, loss);
        if step > 0 {
            let late = pending.remove(&(step - 1)).unwrap();
            let grads = late.backward();
            println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
        }
    }
}
