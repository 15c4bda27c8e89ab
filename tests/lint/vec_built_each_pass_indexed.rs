// The `Vec` of features built afresh in every epoch, walked by a `while` counter: each element
// is backpropagated once. pbpit run: clean (6 backwards).
use burn::{nn::LinearConfig, prelude::*};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let linear = LinearConfig::new(2, 2).init(&device);
    let scales = vec![1.0, 0.5];
    for step in 0..3 {
        let mut feats = Vec::new();
        for &scale in scales.iter() {
            feats.push(linear.forward(x.clone() * scale).tanh());
        }
        let mut i = 0;
        while i < feats.len() {
            let grads = feats[i].clone().matmul(w.clone()).mean().backward();
            println!("{step} {i}: {}", w.grad(&grads).is_some());
            i += 1;
        }
    }
}
