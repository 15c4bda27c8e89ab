"""shared-loss: one forward, two loss terms, two backwards.

Both losses go through `feats`. The first backward consumes its step; the second walks back to
it and panics at NodeId(2). Add the losses and run one backward instead.
"""

import pbpit as pb


def v(grad):
    """Rust's `opt.map(|g| g.into_data().to_vec::<f32>().unwrap())`."""
    return None if grad is None else pb.Some(grad.to_vec())


device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats([0.5, 1.0], device).require_grad()
w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
feats = x.clone().exp()
l1 = (feats.clone() * w.clone()).sum()
l2 = (feats * 2.0).sum()
print(
    f"l1 = {pb.rust_display(l1.clone().into_scalar())}, l2 = {pb.rust_display(l2.clone().into_scalar())}"
)
g1 = l1.backward()
print(f"l1: w.grad = {pb.rust_debug(v(w.grad(g1)))} x.grad = {pb.rust_debug(v(x.grad(g1)))}")
g2 = l2.backward()
print(f"l2: x.grad = {pb.rust_debug(v(x.grad(g2)))}")
