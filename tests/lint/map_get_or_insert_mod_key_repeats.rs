// As map_get_or_insert_mod_key.rs, keyed by `epoch % 2`: the third epoch finds the first's
// entry, whose step the first epoch's backward consumed. pbpit run: panics
// (loop-external-tracked).
use burn::{prelude::*, tensor::activation};
use std::collections::HashMap;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.6, -0.3], &device).require_grad();
    let mut memo: HashMap<usize, Tensor<1>> = HashMap::new();
    for epoch in 0..4 {
        let slot = epoch % 2;
        let feats = match memo.get(&slot) {
            Some(f) => f.clone(),
            None => {
                let f = activation::sigmoid(w.clone().mul_scalar(epoch as f32 + 1.0)); //~ WARN loop-external-tracked
                memo.insert(slot, f.clone());
                f
            }
        };
        let grads = feats.sum().backward();
        println!("{epoch}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
