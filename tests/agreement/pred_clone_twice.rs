// The loss's gradient logged through a second backward on a clone of the loss.
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.5], &device).require_grad();
    let x = Tensor::<1>::from_floats([2.0, 1.0], &device);
    let pred = x * w.clone();
    let loss = pred.clone().sum();
    let logged = loss.clone().backward();
    println!("logged: {:?}", w.grad(&logged).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    let grads = loss.backward();
    println!("update: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
}
