// A method keeps each pass's tensor through a local `&mut` of its field (`let slot = &mut
// self.seen; slot.push(t);`) and the loop backpropagates the sum of all it kept: the next pass's
// sum walks into the steps the last backward consumed. pbpit run: NodeId(1), made at line 29.
use burn::prelude::*;

struct Cache {
    seen: Vec<Tensor<1>>,
}

impl Cache {
    fn keep(&mut self, t: Tensor<1>) {
        let slot = &mut self.seen;
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
        let t = w.clone() * (k as f32 + 1.0); //~ WARN loop-external-tracked
        cache.keep(t);
        let grads = cache.total().sum().backward();
        println!("{}", w.grad(&grads).unwrap());
    }
}
