// A normalizer keeps a running mean of a tracked batch in its field, updated by a method: the
// mean carries pass 0's graph into pass 1, whose backward (the 2nd) panics at the mean pass 0
// made: NodeId(6) by hand (w 0, the zeros 1, x 2, h 3, then in `observe` 0.9 * mean 4,
// 0.1 * batch 5, their sum 6). The method calls it `self.mean`; the program's binding that
// carries it is `norm.mean`, which run, audit, explain and lint all name first.
// Code fix: detach each pass
use burn::tensor::{Device, Tensor};

struct Normalizer {
    mean: Tensor<1>,
}

impl Normalizer {
    fn observe(&mut self, batch: Tensor<1>) {
        self.mean = self.mean.clone() * 0.9 + batch * 0.1;
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.5], &device).require_grad();
    let mut norm = Normalizer { mean: Tensor::<1>::zeros([2], &device) };
    for step in 0..3 {
        let x = Tensor::<1>::from_floats([1.0, 2.0], &device);
        let h = x * w.clone();
        norm.observe(h.clone());
        let loss = (h - norm.mean.clone()).powf_scalar(2.0).sum();
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).is_some());
    }
}
