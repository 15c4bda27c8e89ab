// helper_ref_backward_in_macro.rs with one backward: the norm computed once, then logged and
// used. Runs clean.
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
    let norm = grad_norm(&loss, &weight);
    println!("|grad| = {}", norm);
    assert!(grad_norm(&(x_again(&device) * weight.clone()).sum(), &weight) > 0.0);
    println!("again: {norm}");
}

fn x_again(device: &Device) -> Tensor<1> {
    Tensor::<1>::from_floats([2.0, 1.0], device)
}
