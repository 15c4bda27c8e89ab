// A HashMap cache keyed by the loop's counter, also read at the previous pass's key, whose
// tensor the previous pass's backward consumed. pbpit run: panics (loop-external-tracked).
use burn::prelude::*;
use std::collections::HashMap;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut cache: HashMap<usize, Tensor<1>> = HashMap::new();
    for step in 0..3 {
        cache.insert(step, w.clone().exp().mul_scalar(step as f32 + 1.0)); //~ WARN loop-external-tracked
        let mut loss = cache.get(&step).unwrap().clone().sum();
        if step > 0 {
            loss = loss + cache.get(&(step - 1)).unwrap().clone().sum();
        }
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
