// vec_kept_rev_take_before_pushes.rs also walking the newest two after the pushes: the walk
// before them then takes the previous epoch's, which that epoch's second walk read and its
// backward consumed. pbpit run: panics (loop-external-tracked).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    let scales = [1.0f32, 2.0];
    for epoch in 0..3 {
        let mut loss = w.clone().sum();
        for x in saved.iter().rev().take(2) {
            loss = loss + x.clone().powf_scalar(2.0).sum();
        }
        for s in scales.iter() {
            saved.push(w.clone().tanh().mul_scalar(*s + epoch as f32)); //~ WARN loop-external-tracked
        }
        for x in saved.iter().rev().take(2) {
            loss = loss + x.clone().sum();
        }
        let grads = loss.backward();
        println!("epoch {epoch}: {}", w.grad(&grads).is_some());
    }
}
