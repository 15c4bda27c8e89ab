// One forward cut into two micro-batches by a helper (`(0..2).map(|i| Chunk { .. }).collect()`),
// each chunk's loss backpropagated in its own pass: the second needs the forward's step, which
// the first consumed. pbpit run: panics.
use burn::prelude::*;

struct Chunk {
    pred: Tensor<2>,
    target: Tensor<2>,
}

fn chunks(pred: &Tensor<2>, target: &Tensor<2>) -> Vec<Chunk> {
    (0..2)
        .map(|i| Chunk { pred: pred.clone().narrow(0, i, 1), target: target.clone().narrow(0, i, 1) })
        .collect()
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let y = Tensor::<2>::from_floats([[0.0, 1.0], [1.0, 0.0]], &device);
    let pred = x.matmul(w.clone()).tanh(); //~ WARN shared-intermediate
    for c in chunks(&pred, &y).iter() {
        let loss = (c.pred.clone() - c.target.clone()).powf_scalar(2.0).sum();
        let grads = loss.backward();
        println!("{:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
