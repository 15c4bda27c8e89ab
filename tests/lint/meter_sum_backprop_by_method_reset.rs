// meter_sum_backprop_by_method.rs with the sum reset in `backprop`, after its backward: each
// backprop walks the steps recorded since the last one. pbpit run: no panic, prints
// 1: [0.5, 0.5] and 3: [1.5, 0.5].
use burn::prelude::*;

struct Meter {
    sum: Tensor<1>,
    n: usize,
}

impl Meter {
    fn record(&mut self, loss: Tensor<1>) {
        self.sum = loss + self.sum.clone();
        self.n += 1;
    }

    fn backprop(&mut self) -> Gradients {
        let grads = (self.sum.clone() * 0.5).backward();
        self.sum = self.sum.zeros_like();
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
