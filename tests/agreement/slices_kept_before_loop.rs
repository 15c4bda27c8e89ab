// Panics (hand derivation): `old` is tracked and made before the loops; `parts` holds two slices
// of it, made before the loops too. Epoch 0, part 0's backward walks parts[0] (slice) into
// `old` and consumes its step; part 1's backward walks parts[1], its own slice, then `old`:
// panic at `old`. Computing `old` in the loop does not help (`parts` still holds slices of the one made
// before it), so the run must not lead with that fix; detaching `old` once runs.
// Not a fix: recompute in the loop
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.25, 1.0, 0.75], &device).require_grad();
    let x = Tensor::<1>::from_floats([1.0, 2.0, -1.0, 0.5], &device);
    let old = (x.clone() * w.clone()).tanh();
    let parts = vec![old.clone().narrow(0, 0, 2), old.clone().narrow(0, 2, 2)];
    for epoch in 0..2 {
        for (i, part) in parts.iter().enumerate() {
            let loss = (part.clone() * x.clone().narrow(0, 2 * i, 2)).sum();
            let grads = loss.backward();
            println!("{epoch} {i}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        }
    }
}
