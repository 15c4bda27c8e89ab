"""49_shared_loss_leaf_child.rs in pbpit's Python API: two losses on x * w (NodeId(2)), the
shared tensor held while both backwards run."""

import pbpit as pb

device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats([0.5, 1.0, -2.0], device).require_grad()
w = pb.Tensor.from_floats([2.0, -1.0, 0.5], device).require_grad()
scores = x.clone() * w.clone()
l1 = scores.clone().sum()
l2 = scores.clone().powf_scalar(2.0).sum()
print(
    f"l1 = {pb.rust_display(l1.clone().into_scalar())}, "
    f"l2 = {pb.rust_display(l2.clone().into_scalar())}"
)
grads = l1.backward()
print(f"l1: x.grad = {pb.rust_debug(x.grad(grads).to_vec())}")
print(f"l1: w.grad = {pb.rust_debug(w.grad(grads).to_vec())}")
grads = l2.backward()
print(f"l2: x.grad = {pb.rust_debug(x.grad(grads).to_vec())}")
print(f"scores = {pb.rust_debug(scores.to_vec())}")
