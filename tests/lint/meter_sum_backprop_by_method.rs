// A meter sums each step's loss into its field (`record`: self.sum = loss + self.sum.clone())
// and a method of its own backpropagates half the sum every other step (`backprop`), never
// starting it again: the next backprop walks the steps the one before consumed. Resetting the
// field in `backprop`, after its backward, keeps the gradients. pbpit run: panics
// (loop-external-tracked).
use burn::prelude::*;

struct Meter {
    sum: Tensor<1>,
    n: usize,
}

impl Meter {
    fn record(&mut self, loss: Tensor<1>) {
        self.sum = loss + self.sum.clone(); //~ WARN loop-external-tracked
        self.n += 1;
    }

    fn backprop(&mut self) -> Gradients {
        let grads = (self.sum.clone() * 0.5).backward();
        self.n = 0;
        grads
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let xs = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 0.0]];
    let mut meter = Meter { sum: Tensor::<1>::zeros([1], &device), n: 0 };
    for (i, x) in xs.iter().enumerate() {
        let xt = Tensor::<1>::from_floats(*x, &device);
        meter.record((xt * w.clone()).sum());
        if i % 2 == 1 {
            let grads = meter.backprop();
            println!("{i}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
        }
    }
}
