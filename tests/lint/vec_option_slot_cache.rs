// A cache of `Vec<Option<Tensor>>` slots written by index in a `&mut self` method: the second call
// returns the first pass's `f`. pbpit run: pass 1's backward panics at it, through `cache.slots`.
use burn::prelude::*;

struct Cache {
    slots: Vec<Option<Tensor<1>>>,
}

impl Cache {
    fn get(&mut self, key: usize, w: &Tensor<1>) -> Tensor<1> {
        if let Some(f) = &self.slots[key] {
            return f.clone();
        }
        let f = w.clone().exp();
        self.slots[key] = Some(f.clone());
        f
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut cache = Cache { slots: vec![None] };
    for step in 0..2 {
        let loss = cache.get(0, &w).sum(); //~ WARN loop-external-tracked
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
