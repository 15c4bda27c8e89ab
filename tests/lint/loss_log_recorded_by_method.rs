// Accumulation through a log: a method records each micro-batch's loss given as a temporary
// (`log.record(loss_of(..))`), another averages the log, and every second micro-batch that
// average is backpropagated. The log is never emptied, so the next average walks back into the
// losses the last backward consumed. pbpit run: NodeId(8), made at line 34.
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
        log.record(loss_of(&w, k as f32 + 1.0)); //~ WARN loop-external-tracked
        if k % 2 == 1 {
            let grads = log.average().backward();
            println!("{}", w.grad(&grads).unwrap());
        }
    }
}
