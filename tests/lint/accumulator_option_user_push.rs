// The running sum of the losses kept by a method of its own named `push` (not `Vec::push`:
// there is no collection to empty), averaged and backpropagated every other pass by `flush`,
// never reset.
use burn::prelude::*;

struct Running {
    sum: Option<Tensor<1>>,
    seen: usize,
}

impl Running {
    fn push(&mut self, loss: Tensor<1>) {
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
        running.push((x * w.clone()).tanh().sum()); //~ WARN loop-external-tracked
        if i % 2 == 1 {
            let g = running.flush(&w);
            println!("{i}: {:?}", g.into_data().to_vec::<f32>().unwrap());
        }
    }
}
