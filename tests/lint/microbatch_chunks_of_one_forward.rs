// Micro-batching done wrong: each epoch runs one forward over the whole batch, cuts its output
// into chunks, and backpropagates each chunk's loss in an inner loop (with its target, zipped
// and numbered). The chunks' losses share the one forward: the first chunk's backward consumes
// `out`'s step, the second chunk's panics at it, in the first epoch (pbpit run: NodeId(4),
// `out`, backward #2): losses sharing an intermediate, not a tensor made outside the epochs.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5], [-0.25]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.5, 0.25]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [1.0], [0.0], [0.5]], &device);
    for epoch in 0..2 {
        let out = x.clone().matmul(w.clone()).tanh(); //~ WARN shared-intermediate
        let targets = y.clone().chunk(2, 0);
        for (i, (o, t)) in out.chunk(2, 0).into_iter().zip(targets.into_iter()).enumerate() {
            let loss = (o - t).powf_scalar(2.0).mean();
            let grads = loss.backward();
            println!("{epoch} {i}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        }
    }
}
