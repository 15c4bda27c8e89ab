// As slot_cache_mut_method_keyed_by_counter.rs, also fetching the previous pass's slot, whose
// tensor that pass's backward consumed. pbpit run: panics (loop-external-tracked).
use burn::prelude::*;

struct Slots {
    kept: Vec<Option<Tensor<1>>>,
    reads: usize,
}

impl Slots {
    fn fill(&mut self, at: usize, t: Tensor<1>) {
        self.kept[at] = Some(t);
    }

    fn fetch(&mut self, at: usize) -> Tensor<1> {
        self.reads += 1;
        self.kept[at].clone().unwrap()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([1.5, -0.5], &device).require_grad();
    let mut slots = Slots { kept: vec![None, None, None, None], reads: 0 };
    for i in 0..4 {
        slots.fill(i, w.clone().mul_scalar(i as f32 + 0.5).exp()); //~ WARN loop-external-tracked
        let mut loss = slots.fetch(i).sum();
        if i > 0 {
            loss = loss + slots.fetch(i - 1).sum();
        }
        let grads = loss.backward();
        println!("{i}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
    println!("reads: {}", slots.reads);
}
