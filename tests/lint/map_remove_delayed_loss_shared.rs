// map_remove_delayed_loss.rs with every loss made from `feats`, computed once before the loop
// from `w`: each loss is taken out once, but the second backward walks into `feats`, whose
// step the first consumed. pbpit run: panics (loop-external-tracked, `feats`).
use burn::prelude::*;
use std::collections::HashMap;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let feats = w.clone().exp(); //~ WARN loop-external-tracked
    let mut pending: HashMap<usize, Tensor<1>> = HashMap::new();
    for step in 0..4 {
        let loss = feats.clone().mul_scalar(step as f32 + 1.0).sum();
        pending.insert(step, loss);
        if step > 0 {
            let late = pending.remove(&(step - 1)).unwrap();
            let grads = late.backward();
            println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
        }
    }
}
