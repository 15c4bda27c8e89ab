// A method adds a detached copy of each loss to a running total kept in a field; the total
// scales the next loss: data, so every backward walks a graph of its own. pbpit run: clean.
use burn::prelude::*;

struct Total {
    sum: Tensor<1>,
    seen: usize,
}

impl Total {
    fn add(&mut self, loss: &Tensor<1>) {
        self.sum = loss.clone().detach() + self.sum.clone();
        self.seen += 1;
    }

    fn mean(&self) -> Tensor<1> {
        self.sum.clone() / (self.seen.max(1) as f32)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5], &device).require_grad();
    let mut total = Total { sum: Tensor::zeros([1], &device), seen: 0 };
    for step in 0..3 {
        let raw = (w.clone() * (step as f32 + 1.0)).powf_scalar(2.0).sum();
        let loss = raw.clone() / (total.mean() + 1.0);
        total.add(&raw);
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
