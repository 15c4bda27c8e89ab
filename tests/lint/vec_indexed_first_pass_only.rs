// Features of two scales made once, before the epochs, in a `Vec`; `feats[i]` by the counter of
// `for i in 0..feats.len()`, only in the first epoch (`if step == 0`): each element is
// backpropagated once, later epochs compute afresh. pbpit run: clean (6 backwards). Lint read
// the `Vec` as one tensor and warned of a reuse (generated seeds 117446, 119516).
use burn::{nn::LinearConfig, prelude::*};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let linear = LinearConfig::new(2, 2).init(&device);
    let scales = vec![1.0, 0.5];
    let mut feats = Vec::new();
    for &scale in scales.iter() {
        feats.push(linear.forward(x.clone() * scale).tanh());
    }
    for step in 0..3 {
        for i in 0..feats.len() {
            let t = if step == 0 { feats[i].clone() } else { linear.forward(x.clone()).tanh() };
            let grads = t.matmul(w.clone()).mean().backward();
            println!("{step} {i}: {}", w.grad(&grads).is_some());
        }
    }
}
