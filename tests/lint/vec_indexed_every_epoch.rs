// Features made once, before the epochs, walked by `for i in 0..feats.len()` in every epoch:
// the first epoch's backwards consume each element's step, the second epoch's first backward
// panics. pbpit run: NodeId(8) (`feats[0]`, made at the push), backward #3.
use burn::{nn::LinearConfig, prelude::*};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let linear = LinearConfig::new(2, 2).init(&device);
    let scales = vec![1.0, 0.5];
    let mut feats = Vec::new();
    for &scale in scales.iter() {
        feats.push(linear.forward(x.clone() * scale).tanh()); //~ WARN loop-external-tracked
    }
    for step in 0..3 {
        for i in 0..feats.len() {
            let grads = feats[i].clone().matmul(w.clone()).mean().backward();
            println!("{step} {i}: {}", w.grad(&grads).is_some());
        }
    }
}
