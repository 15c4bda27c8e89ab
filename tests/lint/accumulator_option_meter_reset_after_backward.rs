// A loss meter summing each batch's loss in an `Option` field, averaged and backpropagated by
// the loop every third batch, and never emptied: the second average walks into the first
// three batches' graphs, whose steps the first backward consumed.
use burn::prelude::*;

struct Meter {
    total: Option<Tensor<1>>,
    batches: u32,
}

impl Meter {
    fn add(&mut self, loss: Tensor<1>) {
        self.total = Some(match self.total.take() {
            Some(total) => total + loss,
            None => loss,
        });
        self.batches += 1;
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.3, -0.7], &device).require_grad();
    let mut meter = Meter { total: None, batches: 0 };
    for i in 0..6 {
        let x = Tensor::<1>::from_floats([i as f32 * 0.5, 1.0 - i as f32], &device);
        meter.add((x * w.clone()).powf_scalar(2.0).sum()); //~ WARN loop-external-tracked
        if i % 3 == 2 {
            let mean = meter.total.clone().unwrap() / meter.batches as f32;
            let grads = mean.backward();
            println!("{i}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
        }
    }
}
