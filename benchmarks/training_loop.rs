//! training loop: 2,000 steps of a small forward, backward and gradient read (Rust twin).

use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device);
    let mut total = 0.0f32;
    for _step in 0..2000 {
        let loss = ((x.clone().exp() * w.clone()).tanh() + 1.0).sum();
        let grads = loss.backward();
        total = w.grad(&grads).unwrap().sum().into_scalar();
    }
    println!("last = {total}");
}
