// PPO's minibatches: a helper cuts old log-probs and inputs into `Minibatch { old, x }` structs
// by `(0..2).map(..).collect()`; the loop multiplies `mb.x` (data) by the weight and reads
// `mb.old` detached: each field keeps what it is made of, `x`'s none. pbpit run: clean.
use burn::prelude::*;

struct Minibatch {
    old: Tensor<2>,
    x: Tensor<2>,
}

fn minibatches(old: &Tensor<2>, x: &Tensor<2>) -> Vec<Minibatch> {
    (0..2)
        .map(|i| Minibatch {
            old: old.clone().narrow(0, i, 1),
            x: x.clone().narrow(0, i, 1),
        })
        .collect()
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let old = w.clone().exp();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let batches = minibatches(&old, &x);
    for epoch in 0..2 {
        for mb in batches.iter() {
            let ratio = (mb.x.clone() * w.clone() - mb.old.clone().detach()).exp();
            let _grads = ratio.sum().backward();
        }
    }
}
