// SPEC §3 `double-backward`: the same loss backpropagated twice.
use burn::backend::{Autodiff, Flex};
use burn::tensor::Tensor;

type B = Autodiff<Flex>;

fn main() {
    let device = Default::default();
    let x = Tensor::<B, 1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<B, 1>::from_floats([1.0, 2.0], &device).require_grad();
    let loss = (x.clone().exp() * w.clone()).sum();
    let grads = loss.backward();
    println!("first: w.grad = {:?}", w.grad(&grads));
    let grads = loss.backward(); //~ WARN double-backward
    println!("second: w.grad = {:?}", w.grad(&grads));
}
