// The fix of minibatch_struct_fields.rs: the old log-probabilities are a snapshot, detached
// before they are sliced. Runs clean (pbpit run: exit 0).
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
    let old = (x.clone() * w.clone()).detach();
    let batches = split(&x, &a, &old);
    for epoch in 0..2 {
        for b in batches.iter() {
            let ratio = b.x.clone() * w.clone().narrow(0, 0, 1) * b.a.clone() - b.old.clone();
            let grads = ratio.sum().backward();
            println!("{epoch}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        }
    }
}
