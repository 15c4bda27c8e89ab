// Two losses of one forward in a `vec!`, backpropagated by the counter of `for i in
// 0..losses.len()`: the second needs `h`'s step, which the first consumed. pbpit run: panics
// at `h`, backward #2 (the losses share it; the loop around them makes it no reuse).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    for step in 0..3 {
        let h = (x.clone() * w.clone()).exp(); //~ WARN shared-intermediate
        let l1 = (h.clone() * w.clone()).sum();
        let l2 = (h.clone().exp() * w.clone()).mean();
        let losses = vec![l1, l2];
        for i in 0..losses.len() {
            let grads = losses[i].clone().backward();
            println!("{step} {i}: {}", w.grad(&grads).is_some());
        }
    }
}
