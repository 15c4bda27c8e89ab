// The other side of the line micro-batches draw: a tensor made before the loop and read whole
// by every pass (not a part of it each pass) is `loop-external-tracked`. The first pass's
// backward consumes `logits`'s step, the second pass's panics at it (pbpit run: NodeId(2)).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.2, -0.1], [0.4, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, -1.0]], &device);
    let logits = x.matmul(w.clone()); //~ WARN loop-external-tracked
    let mut step = 0;
    while step < 2 {
        let grads = (logits.clone() * (step as f32 + 1.0)).mean().backward();
        println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        step += 1;
    }
}
