// As meter_option_total_detached.rs, with the total kept as it is after its backward: the
// next flush backpropagates the steps the one before consumed. pbpit run: panics
// (loop-external-tracked).
use burn::prelude::*;

struct Meter {
    total: Option<Tensor<1>>,
}

impl Meter {
    fn add(&mut self, loss: Tensor<1>) {
        if let Some(t) = self.total.take() {
            self.total = Some(t + loss); //~ WARN loop-external-tracked
        }
    }

    fn flush(&mut self, w: &Tensor<1>) -> Option<Vec<f32>> {
        let total = match self.total.clone() {
            Some(t) => t,
            None => return None,
        };
        let grads = total.backward();
        w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap())
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.4, -0.2, 0.1], &device).require_grad();
    let mut meter = Meter { total: Some(Tensor::<1>::zeros([1], &device)) };
    for step in 0..4 {
        meter.add(w.clone().cos().mul_scalar(step as f32).sum());
        if step % 2 == 1 {
            println!("step {step}: {:?}", meter.flush(&w));
        }
    }
}
