// A tracker sums each step's loss into its field (`add`: self.total = self.total.clone() +
// loss) and a method of its own backpropagates the total every other step (`flush`), never
// starting it again: the next flush walks the steps the one before consumed. pbpit run: panics
// (loop-external-tracked).
use burn::prelude::*;

struct Tracker {
    total: Tensor<1>,
}

impl Tracker {
    fn add(&mut self, loss: Tensor<1>) {
        self.total = self.total.clone() + loss; //~ WARN loop-external-tracked
    }

    fn flush(&mut self, w: &Tensor<1>) -> Vec<f32> {
        let grads = self.total.backward();
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
