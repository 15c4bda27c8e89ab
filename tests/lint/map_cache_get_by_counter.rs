// As map_cache_keyed_by_counter.rs, read with get(&step). pbpit run: clean.
use burn::prelude::*;
use std::collections::HashMap;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut cache: HashMap<usize, Tensor<1>> = HashMap::new();
    for step in 0..3 {
        cache.insert(step, w.clone().exp().mul_scalar(step as f32 + 1.0));
        let loss = cache.get(&step).unwrap().clone().sum();
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
