// As slot_cache_methods_keyed_by_counter.rs, also read at the previous pass's key, whose tensor
// the previous pass's backward consumed. pbpit run: panics (loop-external-tracked).
use burn::prelude::*;

struct Cache {
    slots: Vec<Option<Tensor<1>>>,
}

impl Cache {
    fn put(&mut self, key: usize, f: Tensor<1>) {
        self.slots[key] = Some(f);
    }
    fn get(&self, key: usize) -> Tensor<1> {
        self.slots[key].clone().unwrap()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut cache = Cache { slots: vec![None, None, None] };
    for step in 0..3 {
        cache.put(step, w.clone().exp().mul_scalar(step as f32 + 1.0)); //~ WARN loop-external-tracked
        let mut loss = cache.get(step).sum();
        if step > 0 {
            loss = loss + cache.get(step - 1).sum();
        }
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
