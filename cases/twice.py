"""twice: a forward "optimised" out of the training loop, the common trigger.

`feats` is a tracked intermediate made once, outside the loop. Step 0's backward consumes its
step; step 1's backward walks back to it and panics at NodeId(2).
"""

import pbpit as pb


def v(grad):
    """Rust's `opt.map(|g| g.into_data().to_vec::<f32>().unwrap())`."""
    return None if grad is None else pb.Some(grad.to_vec())


device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats([0.5, 1.0], device).require_grad()
w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
# "Features" computed once, outside the loop, to save time.
feats = x.clone().exp()
for step in range(3):
    loss = (feats.clone() * w.clone()).sum()
    grads = loss.backward()
    print(f"step {step}: w.grad = {pb.rust_debug(v(w.grad(grads)))}")
