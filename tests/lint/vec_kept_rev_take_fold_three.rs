// vec_kept_rev_take_fold.rs folding the newest three: the third is the previous epoch's, whose
// step that epoch's backward consumed. pbpit run: panics (loop-external-tracked).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    let scales = [1.0f32, 2.0];
    for epoch in 0..3 {
        for s in scales.iter() {
            saved.push(w.clone().tanh().mul_scalar(*s + epoch as f32)); //~ WARN loop-external-tracked
        }
        let loss = saved.iter().rev().take(3).fold(w.clone().sum(), |acc, x| acc + x.clone().sum());
        let grads = loss.backward();
        println!("epoch {epoch}: {}", w.grad(&grads).is_some());
    }
}
