// A forward made before the loop, backpropagated from the second batch on (`if batch != 0` of a
// range from 0): the first pass runs no backward and starts the second as it started, yet the
// second consumes the forward's step and the third panics at it. pbpit run: panics.
use burn::{prelude::*, tensor::activation};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, 0.1], [-0.4, 0.2]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0]], &device);
    let hidden = activation::relu(x.matmul(w.clone())); //~ WARN loop-external-tracked
    let targets = vec![1.0, 2.0, 3.0];
    for batch in 0..3 {
        if batch != 0 {
            let loss = (hidden.clone() - targets[batch]).abs().mean();
            let grads = loss.backward();
            println!("{:?}", w.grad(&grads).is_some());
        }
    }
}
