// vec_zero_first_index_after_inner_pushes.rs read by `saved.iter().next()`: the zero made before
// the loop, every pass. pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = vec![Tensor::<1>::zeros([2], &device)];
    for step in 0..3 {
        for k in 0..2 {
            saved.push(w.clone().tanh().mul_scalar(k as f32 + 1.0));
        }
        let mut loss = w.clone().sum();
        if let Some(first) = saved.iter().next() {
            loss = loss + first.clone().sum();
        }
        let grads = loss.backward();
        println!("step {step}: {}", w.grad(&grads).is_some());
    }
}
