// `map_key_epoch_batch_fresh.rs` with three batches an epoch: steps 0 1 2 2 3 4, so the first
// batch of epoch 1 reads the forward the last of epoch 0 made and backpropagated.
// pbpit run: NodeId(11), made at line 16.
use burn::prelude::*;
use std::collections::HashMap;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let mut cache: HashMap<usize, Tensor<2>> = HashMap::new();
    for epoch in 0..2 {
        for batch in 0..3 {
            let step = epoch * 2 + batch;
            if !cache.contains_key(&step) {
                cache.insert(step, x.clone().matmul(w.clone()).tanh()); //~ WARN loop-external-tracked
            }
            let f = cache.get(&step).unwrap().clone();
            let _grads = (f * w.clone()).sum().backward();
        }
    }
    println!("done");
}
