// Leaves that require grad held as a struct's plain `Tensor` field and as a `Vec`'s elements:
// ids by hand, in creation order: 0 `neuron.w`, 1 `neuron.v` (zeros, no grad), 2 `heads[0]`,
// 3 `heads[1]`. Runs clean.
use burn::prelude::*;

struct Neuron {
    w: Tensor<1>,
    v: Tensor<1>,
}

fn main() {
    let device = Device::flex().autodiff();
    let neuron = Neuron {
        w: Tensor::<1>::from_floats([0.5, -0.5], &device).require_grad(),
        v: Tensor::<1>::zeros([2], &device),
    };
    let heads = vec![
        Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad(),
        Tensor::<1>::from_floats([0.5, 0.25], &device).require_grad(),
    ];
    let loss = (neuron.w.clone() * heads[0].clone() + heads[1].clone() + neuron.v.clone()).sum();
    let grads = loss.backward();
    println!("{:?}", neuron.w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
}
