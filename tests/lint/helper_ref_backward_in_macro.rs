// A helper given the loss by reference runs its backward; the first call is in `println!`'s
// arguments (to log the gradient), the second updates: the second backward panics at `loss`.
use burn::prelude::*;

fn grad_norm(loss: &Tensor<1>, weight: &Tensor<1>) -> f32 {
    let grads = loss.backward();
    weight.grad(&grads).unwrap().abs().sum().into_scalar()
}

fn main() {
    let device = Device::flex().autodiff();
    let weight = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let x = Tensor::<1>::from_floats([2.0, 1.0], &device);
    let loss = (x * weight.clone()).tanh().sum();
    println!("|grad| = {}", grad_norm(&loss, &weight));
    let norm = grad_norm(&loss, &weight); //~ WARN double-backward
    println!("again: {norm}");
}
