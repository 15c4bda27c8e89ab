// vec_zero_first_index_after_inner_pushes.rs reading `saved[1]`: the first pass's first push,
// whose step that pass's backward consumed. pbpit run: panics (loop-external-tracked).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = vec![Tensor::<1>::zeros([2], &device)];
    for step in 0..3 {
        for k in 0..2 {
            saved.push(w.clone().tanh().mul_scalar(k as f32 + 1.0)); //~ WARN loop-external-tracked
        }
        let loss = saved[1].clone().sum() + w.clone().sum();
        let grads = loss.backward();
        println!("step {step}: {}", w.grad(&grads).is_some());
    }
}
