// Features collected once, before the epochs, walked by a `while` counter in every epoch: the
// second epoch's first backward needs `feats[0]`'s step, which the first epoch consumed.
// pbpit run: panics at NodeId(8), the first element (tanh), backward #3.
use burn::{nn::LinearConfig, prelude::*};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let linear = LinearConfig::new(2, 2).init(&device);
    let scales = vec![1.0, 0.5];
    let feats: Vec<Tensor<2>> = scales.iter().map(|&s| linear.forward(x.clone() * s).tanh()).collect(); //~ WARN loop-external-tracked
    for step in 0..3 {
        let mut i = 0;
        while i < feats.len() {
            let grads = feats[i].clone().matmul(w.clone()).mean().backward();
            println!("{step} {i}: {}", w.grad(&grads).is_some());
            i += 1;
        }
    }
}
