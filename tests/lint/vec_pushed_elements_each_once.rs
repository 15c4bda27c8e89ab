// Two heads' losses kept in a history (`Vec::with_capacity`, two pushes, the first of a named
// loss), each head's backpropagated once: two losses of their own, made of
// a leaf only. pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.25, -0.5, 1.0], &device).require_grad();
    let x = Tensor::<1>::from_floats([1.0, 2.0, 3.0], &device);
    let mut history: Vec<Tensor<1>> = Vec::with_capacity(2);
    let first = (w.clone() * x.clone()).sum();
    history.push(first);
    history.push(w.clone().powf_scalar(2.0).sum());
    println!("{} losses", history.len());
    let grads = history[1].clone().backward();
    println!("{:?}", w.grad(&grads).is_some());
    let retry = history[0].clone().backward();
    println!("{:?}", w.grad(&retry).is_some());
}
