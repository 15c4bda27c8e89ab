// A map of forwards keyed by `step = epoch * 2 + batch` over two batches an epoch: every pass's
// key is new, so no pass reads a forward an earlier backward consumed. pbpit run: clean.
use burn::prelude::*;
use std::collections::HashMap;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let mut cache: HashMap<usize, Tensor<2>> = HashMap::new();
    for epoch in 0..2 {
        for batch in 0..2 {
            let step = epoch * 2 + batch;
            if !cache.contains_key(&step) {
                cache.insert(step, x.clone().matmul(w.clone()).tanh());
            }
            let f = cache.get(&step).unwrap().clone();
            let _grads = (f * w.clone()).sum().backward();
        }
    }
    println!("done");
}
