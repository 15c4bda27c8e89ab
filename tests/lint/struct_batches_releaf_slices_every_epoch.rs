// Old log-probs re-created as a leaf (from_data(..).require_grad()), cut by a helper into
// minibatch structs ((0..n).map(|k| Batch { logp: logp.narrow(..), .. }).collect()), every epoch
// walking them: each slice's only parent is a leaf, so the first epoch runs; the second reuses
// slice 0, whose step the first consumed. pbpit run: panics at batches[0].logp.
use burn::prelude::*;

struct Batch {
    logp: Tensor<2>,
    adv: Tensor<2>,
}

fn minibatches(logp: &Tensor<2>, adv: &Tensor<2>, n: usize) -> Vec<Batch> {
    (0..n)
        .map(|k| Batch { logp: logp.clone().narrow(0, k, 1), adv: adv.clone().narrow(0, k, 1) })
        .collect()
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.2, 0.4], [-0.3, 0.1]], &device).require_grad();
    let obs = Tensor::<2>::from_floats([[1.0, 2.0], [0.0, -1.0]], &device);
    let adv = Tensor::<2>::from_floats([[0.5, 0.5], [1.0, -1.0]], &device);
    let old = Tensor::<2>::from_data(obs.clone().matmul(w.clone()).into_data(), &device).require_grad();
    let batches = minibatches(&old, &adv, 2); //~ WARN loop-external-tracked
    let mut epoch = 0;
    while epoch < 3 {
        epoch += 1;
        for b in batches.iter() {
            let ratio = (b.logp.clone() * b.adv.clone()).exp();
            let grads = ratio.mean().backward();
            println!("{:?}", w.grad(&grads).is_some());
        }
    }
}
