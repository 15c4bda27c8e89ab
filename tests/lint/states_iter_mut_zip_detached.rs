// states_iter_mut_zip_carried.rs with the old state detached where each pass reads it: every
// pass's loss holds only its own steps. pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let xs = vec![Tensor::<1>::from_floats([1.0, 0.5], &device), Tensor::<1>::from_floats([0.3, 2.0], &device)];
    let mut states = vec![Tensor::<1>::zeros([2], &device), Tensor::<1>::zeros([2], &device)];
    for step in 0..3 {
        for (s, x) in states.iter_mut().zip(xs.iter()) {
            *s = (s.clone().detach() + x.clone() * w.clone()).tanh();
        }
        let loss = Tensor::cat(states.clone(), 0).sum();
        let grads = loss.backward();
        println!("step {step}: {}", w.grad(&grads).is_some());
    }
}
