//! A helper that runs the backward and returns a parameter's gradient, called twice on the same
//! loss (once to log the gradient, once to update): the second call panics at the loss.
//!
//! Node ids: w 0, x 1, y 2, x * w 3, sub 4, square 5, mean 6 = loss. The first call consumes
//! 6 down to 3; the second starts at 6, a tracked node with no step: the panic at NodeId(6).

use burn::prelude::*;

/// The gradient of `param` for `loss`.
fn gradient_of(loss: &Tensor<1>, param: &Tensor<1>) -> Vec<f32> {
    let grads = loss.backward();
    param.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap()
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let x = Tensor::<1>::from_floats([2.0, 1.0], &device);
    let y = Tensor::<1>::from_floats([1.5, -0.5], &device);

    let loss = (x * w.clone() - y).square().mean();
    println!("loss = {}", loss.clone().into_scalar());
    println!("logged grad = {:?}", gradient_of(&loss, &w));
    let grad = gradient_of(&loss, &w);
    println!("update with {:?}", grad);
}
