// A HashMap cache keyed by the loop's counter, written and read (cache[&step]) in its own pass
// only. pbpit run: clean.
use burn::prelude::*;
use std::collections::HashMap;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut cache: HashMap<usize, Tensor<1>> = HashMap::new();
    for step in 0..3 {
        let f = w.clone().exp().mul_scalar(step as f32 + 1.0);
        cache.insert(step, f);
        let loss = cache[&step].clone().sum();
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
