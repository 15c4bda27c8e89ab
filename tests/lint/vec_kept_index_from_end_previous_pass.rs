// vec_kept_index_from_end_this_pass.rs reading `saved.len() - 1` and `saved.len() - 3` of a Vec
// made holding a zero: the second is the previous pass's last push, which that pass's loss read
// and its backward consumed. pbpit run: panics (loop-external-tracked).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = vec![Tensor::<1>::zeros([2], &device)];
    for step in 0..3 {
        for k in 0..2 {
            saved.push(w.clone().tanh().mul_scalar(k as f32 + 1.0)); //~ WARN loop-external-tracked
        }
        let loss = saved[saved.len() - 1].clone().sum() + saved[saved.len() - 3].clone().sum();
        let grads = loss.backward();
        println!("step {step}: {}", w.grad(&grads).is_some());
    }
}
