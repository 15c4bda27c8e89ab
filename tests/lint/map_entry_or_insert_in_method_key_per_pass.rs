// `map_entry_or_insert_in_method.rs` keyed by the loop's counter: each pass inserts at a new key
// and gets back its own embedding, so no pass reads another's. pbpit run: clean.
use burn::prelude::*;
use std::collections::HashMap;

struct Protos {
    by_label: HashMap<usize, Tensor<1>>,
}

impl Protos {
    fn proto(&mut self, label: usize, emb: Tensor<1>) -> Tensor<1> {
        self.by_label.entry(label).or_insert(emb).clone()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut protos = Protos { by_label: HashMap::new() };
    for step in 0..4 {
        let emb = w.clone() * (step as f32 + 1.0);
        let p = protos.proto(step, emb.clone());
        let loss = (emb - p).powf_scalar(2.0).sum() + w.clone().sum();
        let grads = loss.backward();
        println!("{}", w.grad(&grads).unwrap());
    }
}
