// `loss_log_recorded_by_method.rs` with the log emptied after each backward of its average:
// every average holds only losses no backward consumed yet. pbpit run: clean.
use burn::prelude::*;

struct LossLog {
    losses: Vec<Tensor<1>>,
}

impl LossLog {
    fn record(&mut self, loss: Tensor<1>) {
        self.losses.push(loss);
    }

    fn average(&self) -> Tensor<1> {
        let mut total = self.losses[0].clone();
        for l in self.losses.iter().skip(1) {
            total = total + l.clone();
        }
        total / (self.losses.len() as f32)
    }
}

fn loss_of(w: &Tensor<1>, x: f32) -> Tensor<1> {
    (w.clone() * x - 1.0).powf_scalar(2.0).sum()
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut log = LossLog { losses: Vec::new() };
    for k in 0..4 {
        log.record(loss_of(&w, k as f32 + 1.0));
        if k % 2 == 1 {
            let grads = log.average().backward();
            println!("{}", w.grad(&grads).unwrap());
            log.losses.clear();
        }
    }
}
