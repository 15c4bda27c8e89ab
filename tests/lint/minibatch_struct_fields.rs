// PPO-style minibatches: a helper slices the inputs, the actions and the old log-probabilities
// into a `Vec<Batch>`, once, before the epochs. Only `old` is tracked (it was not detached);
// `x` and `a` are data. Every minibatch's loss reads its slice of `old`: the first minibatch's
// backward consumes `old`'s step, the second's panics at it (pbpit run: NodeId(3), `old`).
// Lint names `old`, once, and no field of data.
use burn::prelude::*;

struct Batch {
    x: Tensor<1>,
    a: Tensor<1>,
    old: Tensor<1>,
}

fn split(x: &Tensor<1>, a: &Tensor<1>, old: &Tensor<1>) -> Vec<Batch> {
    let mut out = Vec::new();
    for i in 0..2 {
        out.push(Batch {
            x: x.clone().narrow(0, i, 1),
            a: a.clone().narrow(0, i, 1),
            old: old.clone().narrow(0, i, 1),
        });
    }
    out
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.5], &device).require_grad();
    let x = Tensor::<1>::from_floats([1.0, 2.0], &device);
    let a = Tensor::<1>::from_floats([1.0, 0.0], &device);
    let old = x.clone() * w.clone(); //~ WARN loop-external-tracked
    let batches = split(&x, &a, &old);
    for epoch in 0..2 {
        for b in batches.iter() {
            let ratio = b.x.clone() * w.clone().narrow(0, 0, 1) * b.a.clone() - b.old.clone();
            let grads = ratio.sum().backward();
            println!("{epoch}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        }
    }
}
