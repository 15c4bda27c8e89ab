// `map_entry_or_insert_in_method.rs` with the embedding detached where the map keeps it: the
// prototype a later pass reads is data. pbpit run: clean.
use burn::prelude::*;
use std::collections::HashMap;

struct Protos {
    by_label: HashMap<usize, Tensor<1>>,
}

impl Protos {
    fn proto(&mut self, label: usize, emb: Tensor<1>) -> Tensor<1> {
        self.by_label.entry(label).or_insert(emb.detach()).clone()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut protos = Protos { by_label: HashMap::new() };
    for step in 0..4 {
        let emb = w.clone() * (step as f32 + 1.0);
        let p = protos.proto(step % 2, emb.clone());
        let loss = (emb - p).powf_scalar(2.0).sum() + w.clone().sum();
        let grads = loss.backward();
        println!("{}", w.grad(&grads).unwrap());
    }
}
