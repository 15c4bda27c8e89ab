// Micro-batches cut with `narrow` from one forward's output, in a `while` loop: each pass takes
// another part of `logits` and backpropagates its loss. The first part's backward consumes
// `logits`'s step, the second's panics at it (pbpit run: NodeId(2), `logits`, backward #2).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.2, -0.1], [0.4, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, -1.0]], &device);
    let logits = x.matmul(w.clone()); //~ WARN shared-intermediate
    let mut start = 0;
    while start < 4 {
        let part = logits.clone().narrow(0, start, 2);
        let grads = part.powf_scalar(2.0).mean().backward();
        println!("{start}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        start += 2;
    }
}
