// `mut_alias_push_in_method.rs` emptying the field through the same `&mut` before each push: a
// pass's sum holds only its own tensor. pbpit run: clean.
use burn::prelude::*;

struct Cache {
    seen: Vec<Tensor<1>>,
}

impl Cache {
    fn keep(&mut self, t: Tensor<1>) {
        let slot = &mut self.seen;
        slot.clear();
        slot.push(t);
    }
    fn total(&self) -> Tensor<1> {
        let mut s = self.seen[0].clone();
        for t in self.seen.iter().skip(1) {
            s = s + t.clone();
        }
        s
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut cache = Cache { seen: Vec::new() };
    for k in 0..3 {
        let t = w.clone() * (k as f32 + 1.0);
        cache.keep(t);
        let grads = cache.total().sum().backward();
        println!("{}", w.grad(&grads).unwrap());
    }
}
