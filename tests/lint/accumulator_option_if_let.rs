// Gradient accumulation over micro-batches: `accumulate` keeps the running sum of the losses
// in an `Option` field (`if let` on what it held), `flush` backpropagates it after every batch
// and never empties it. The first sum is the first loss itself (the field held nothing), so the
// second backward walks into that loss: pbpit run: NodeId(5), `micro`, made at line 38.
use burn::prelude::*;

struct GradAccum {
    sum: Option<Tensor<1>>,
    seen: usize,
}

impl GradAccum {
    fn accumulate(&mut self, micro: Tensor<1>) {
        self.seen += 1;
        self.sum = Some(if let Some(prev) = self.sum.take() { prev + micro } else { micro });
    }

    fn flush(&mut self, weights: &Tensor<2>) -> usize {
        if let Some(sum) = &self.sum {
            let grads = sum.clone().backward();
            if weights.grad(&grads).is_some() {
                return self.seen;
            }
        }
        0
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let weights = Tensor::<2>::from_floats([[0.2, -0.4], [0.7, 0.1]], &device).require_grad();
    let inputs = Tensor::<2>::from_floats([[1.0, 2.0], [0.0, -1.0]], &device);
    let mut accum = GradAccum { sum: None, seen: 0 };
    for epoch in 0..2 {
        let mut batch = 0;
        while batch < 2 {
            let scale = (epoch + batch) as f32 + 1.0;
            accum.accumulate(inputs.clone().matmul(weights.clone()).mul_scalar(scale).tanh().sum()); //~ WARN loop-external-tracked
            println!("flushed after {}", accum.flush(&weights));
            batch += 1;
        }
    }
}
