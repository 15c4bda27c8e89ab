// As map_cache_string_key.rs, the features also kept under "previous" at the end of each pass
// and read by the next: the previous pass's backward consumed them. pbpit run: panics
// (loop-external-tracked).
use burn::prelude::*;
use std::collections::HashMap;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -1.0], [0.25, 2.0]], &device).require_grad();
    let mut named: HashMap<String, Tensor<2>> = HashMap::new();
    for epoch in 0..3 {
        let x = Tensor::<2>::from_floats([[1.0, epoch as f32], [0.5, 0.5]], &device);
        named.insert("feats".to_string(), x.matmul(w.clone()).tanh()); //~ WARN loop-external-tracked
        let mut loss = named.get("feats").unwrap().clone().mean();
        if epoch > 0 {
            loss = loss + named.get("previous").unwrap().clone().sum();
        }
        let grads = loss.backward();
        println!("{epoch}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
        let kept = named.get("feats").unwrap().clone();
        named.insert("previous".to_string(), kept);
    }
}
