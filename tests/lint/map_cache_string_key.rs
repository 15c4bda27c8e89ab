// A HashMap keyed by name: each pass inserts its features under "feats" (replacing the last
// pass's) and reads them back by that name. pbpit run: clean.
use burn::prelude::*;
use std::collections::HashMap;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -1.0], [0.25, 2.0]], &device).require_grad();
    let mut named: HashMap<String, Tensor<2>> = HashMap::new();
    for epoch in 0..3 {
        let x = Tensor::<2>::from_floats([[1.0, epoch as f32], [0.5, 0.5]], &device);
        named.insert("feats".to_string(), x.matmul(w.clone()).tanh());
        let loss = named.get("feats").unwrap().clone().mean();
        let grads = loss.backward();
        println!("{epoch}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
