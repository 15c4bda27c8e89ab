// Epochs of batches counted by a `while`: the features are encoded again from each epoch's
// second batch on (`if b >= 2`, `b += 1` first), so an epoch's first batch uses what the epoch
// before left in `z`, whose step that epoch's last backward consumed. pbpit run: panics in the
// second epoch.
use burn::{prelude::*, tensor::activation};

fn encode(x: &Tensor<2>, w: &Tensor<2>) -> Tensor<2> {
    activation::sigmoid(x.clone().matmul(w.clone()))
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.3, -0.2], [0.7, 0.1]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, -1.0], [2.0, 0.5]], &device);
    let mut z = encode(&x, &w);
    for epoch in 0..2 {
        let mut b = 0;
        while b < 3 {
            b += 1;
            if b >= 2 {
                z = encode(&x, &w); //~ WARN loop-external-tracked
            }
            let grads = z.clone().sum().backward();
            println!("{} {} {:?}", epoch, b, w.grad(&grads).is_some());
        }
    }
}
