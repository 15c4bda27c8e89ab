// A meter keeps a running total in an Option field. `flush` backpropagates it, returning early
// when there is none (`None => return None`), then keeps the total detached; it runs every
// other step. On the early return the field held no tensor, so no path leaves the consumed
// total in it. pbpit run: clean.
use burn::prelude::*;

struct Meter {
    total: Option<Tensor<1>>,
}

impl Meter {
    fn add(&mut self, loss: Tensor<1>) {
        if let Some(t) = self.total.take() {
            self.total = Some(t + loss);
        }
    }

    fn flush(&mut self, w: &Tensor<1>) -> Option<Vec<f32>> {
        let total = match self.total.clone() {
            Some(t) => t,
            None => return None,
        };
        let grads = total.backward();
        self.total = self.total.take().map(|t| t.detach());
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
