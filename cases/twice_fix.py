"""twice_fix: the three fixes for `twice`, each printing the gradients it gets.

A: the features need no gradient, so detach them once.
B: gradients must reach x, so recompute the forward every step.
C: two losses on one graph, so add them and run one backward.
"""

import pbpit as pb


def v(grad):
    """Rust's `opt.map(|g| g.into_data().to_vec::<f32>().unwrap())`."""
    return None if grad is None else pb.Some(grad.to_vec())


device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats([0.5, 1.0], device).require_grad()
w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
# A: features need no gradient -> cut them off once
feats = x.clone().exp().detach()
for step in range(2):
    grads = (feats.clone() * w.clone()).sum().backward()
    print(
        f"A step {step}: w.grad = {pb.rust_debug(v(w.grad(grads)))} x.grad = {pb.rust_debug(v(x.grad(grads)))}"
    )
# B: gradients must reach x -> recompute the forward every step
for step in range(2):
    feats = x.clone().exp()
    grads = (feats * w.clone()).sum().backward()
    print(
        f"B step {step}: w.grad = {pb.rust_debug(v(w.grad(grads)))} x.grad = {pb.rust_debug(v(x.grad(grads)))}"
    )
# C: two losses on one graph -> add them, one backward
feats = x.clone().exp()
l1 = (feats.clone() * w.clone()).sum()
l2 = (feats * 2.0).sum()
grads = (l1 + l2).backward()
print(
    f"C l1+l2:  w.grad = {pb.rust_debug(v(w.grad(grads)))} x.grad = {pb.rust_debug(v(x.grad(grads)))}"
)
