// Losses recorded into a running sum in an `Option` field; every other pass a method averages
// them and backpropagates, and never empties it: its second backward walks into the first
// passes' graphs. Reset in that method after its backward, the gradients are those a hand
// reset gives.
use burn::prelude::*;

struct Running {
    sum: Option<Tensor<1>>,
    seen: usize,
}

impl Running {
    fn record(&mut self, loss: Tensor<1>) {
        self.sum = Some(match self.sum.take() {
            Some(s) => s + loss,
            None => loss,
        });
        self.seen += 1;
    }

    fn flush(&mut self, w: &Tensor<1>) -> Tensor<1> {
        let mean = self.sum.clone().unwrap() / self.seen as f32;
        let grads = mean.backward();
        w.grad(&grads).unwrap()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.5, 2.0], &device).require_grad();
    let xs = [[1.0f32, 2.0, 3.0], [0.5, 0.25, -1.0], [2.0, 0.0, 1.0], [-1.0, 1.0, 0.5]];
    let mut running = Running { sum: None, seen: 0 };
    for (i, x) in xs.iter().enumerate() {
        let x = Tensor::<1>::from_floats(*x, &device);
        running.record((x * w.clone()).tanh().sum()); //~ WARN loop-external-tracked
        if i % 2 == 1 {
            let g = running.flush(&w);
            println!("{i}: {:?}", g.into_data().to_vec::<f32>().unwrap());
        }
    }
}
