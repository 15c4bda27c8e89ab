"""double-backward: the same loss backpropagated twice.

The first backward consumes every step under the loss, the loss's own included, so the second
one panics at the loss itself, NodeId(4).
"""

import pbpit as pb


def v(grad):
    """Rust's `opt.map(|g| g.into_data().to_vec::<f32>().unwrap())`."""
    return None if grad is None else pb.Some(grad.to_vec())


device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats([0.5, 1.0], device).require_grad()
w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
loss = (x.clone().exp() * w.clone()).sum()
grads = loss.backward()
print(f"first: w.grad = {pb.rust_debug(v(w.grad(grads)))}")
grads = loss.backward()
print(f"second: w.grad = {pb.rust_debug(v(w.grad(grads)))}")
