// vec_kept_last_before_push.rs also reading `last()` after the push: the previous pass's push
// was read by that pass's loss, whose backward consumed it. pbpit run: panics
// (loop-external-tracked).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    for step in 0..3 {
        let mut loss = w.clone().sum();
        if let Some(last) = saved.last() {
            loss = loss + last.clone().sum();
        }
        saved.push(w.clone().tanh().mul_scalar(step as f32 + 1.0)); //~ WARN loop-external-tracked
        loss = loss + saved.last().unwrap().clone().sum();
        let grads = loss.backward();
        println!("step {step}: {}", w.grad(&grads).is_some());
    }
}
