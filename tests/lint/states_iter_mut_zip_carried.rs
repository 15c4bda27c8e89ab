// Recurrent states kept in a Vec and stepped in place every pass through
// `states.iter_mut().zip(inputs.iter())`, `*s = ..` reading the old state: each pass's loss
// holds the previous pass's states, whose steps that pass's backward consumed.
// pbpit run: panics (loop-external-tracked).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let xs = vec![Tensor::<1>::from_floats([1.0, 0.5], &device), Tensor::<1>::from_floats([0.3, 2.0], &device)];
    let mut states = vec![Tensor::<1>::zeros([2], &device), Tensor::<1>::zeros([2], &device)];
    for step in 0..3 {
        for (s, x) in states.iter_mut().zip(xs.iter()) {
            *s = (s.clone() + x.clone() * w.clone()).tanh(); //~ WARN loop-external-tracked
        }
        let loss = Tensor::cat(states.clone(), 0).sum();
        let grads = loss.backward();
        println!("step {step}: {}", w.grad(&grads).is_some());
    }
}
