// As tracker_total_flushed_every_other.rs, with `flush` starting the total again after its
// backward: each flush backpropagates the losses added since the last. pbpit run: clean.
use burn::prelude::*;

struct Tracker {
    total: Tensor<1>,
}

impl Tracker {
    fn add(&mut self, loss: Tensor<1>) {
        self.total = self.total.clone() + loss;
    }

    fn flush(&mut self, w: &Tensor<1>) -> Vec<f32> {
        let grads = self.total.backward();
        self.total = self.total.zeros_like();
        w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.3, -0.6], &device).require_grad();
    let mut tracker = Tracker { total: Tensor::<1>::zeros([1], &device) };
    for step in 0..5 {
        let loss = w.clone().mul_scalar(step as f32 + 1.0).exp().sum();
        tracker.add(loss);
        if step % 2 == 1 {
            let g = tracker.flush(&w);
            println!("step {step}: {g:?}");
        }
    }
}
