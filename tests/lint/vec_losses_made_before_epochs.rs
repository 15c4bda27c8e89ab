// Losses made once, before the epochs, backpropagated by index in every epoch: each is
// backpropagated once per epoch, so the second epoch's first backward panics. pbpit run:
// panics at NodeId(5), the first loss's tanh, backward #3.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let scales = vec![1.0, 0.5];
    let losses: Vec<Tensor<1>> =
        scales.iter().map(|&s| (x.clone() * s).matmul(w.clone()).tanh().sum()).collect(); //~ WARN loop-external-tracked
    for step in 0..2 {
        for i in 0..losses.len() {
            let grads = losses[i].clone().backward();
            println!("{step} {i}: {}", w.grad(&grads).is_some());
        }
    }
}
