// Losses made once, before the loops, backpropagated under `if i == 0 && step == 0`: the first
// loss, in the first epoch only. pbpit run: clean (1 backward). Each side of `&&` is a
// counter's test: the branch runs once in each loop.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let scales = vec![1.0, 0.5];
    let losses: Vec<Tensor<1>> =
        scales.iter().map(|&s| (x.clone() * s).matmul(w.clone()).tanh().sum()).collect();
    for step in 0..2 {
        for i in 0..losses.len() {
            if i == 0 && step == 0 {
                let grads = losses[i].clone().backward();
                println!("{step} {i}: {}", w.grad(&grads).is_some());
            }
        }
    }
}
