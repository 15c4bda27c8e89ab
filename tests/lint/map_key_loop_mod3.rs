// A map keyed by `step % 3` in `loop { step += 1; if step >= 4 { break; } .. }`: keys 1, 2, 0,
// each filled and backpropagated once. pbpit run: clean.
use burn::prelude::*;
use std::collections::HashMap;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let mut cache: HashMap<usize, Tensor<2>> = HashMap::new();
    let mut step = 0;
    loop {
        step += 1;
        if step >= 4 {
            break;
        }
        let key = step % 3;
        if !cache.contains_key(&key) {
            cache.insert(key, x.clone().matmul(w.clone()).tanh());
        }
        let f = cache.get(&key).unwrap().clone();
        let _grads = (f * w.clone()).sum().backward();
    }
    println!("done");
}
