"""43_detach_and_recompute.rs in pbpit's Python API: the three fixes for a cached
intermediate (detach it once, recompute it each step, add the losses)."""

import pbpit as pb


def v(grad):
    """Rust's `opt.map(|g| g.into_data().to_vec::<f32>().unwrap())`."""
    return pb.rust_debug(None if grad is None else pb.Some(grad.to_vec()))


device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats([[0.5, -1.0], [2.0, 0.25]], device).require_grad()
w = pb.Tensor.from_floats([[1.0, 2.0], [3.0, 4.0]], device).require_grad()
features = x.clone().exp().tanh().detach()
for step in range(2):
    grads = (features.clone() * w.clone()).sum().backward()
    print(f"A step {step}: w.grad = {v(w.grad(grads))}")
    print(f"A step {step}: x.grad = {v(x.grad(grads))}")
for step in range(2):
    features = x.clone().exp().tanh()
    grads = (features * w.clone()).sum().backward()
    print(f"B step {step}: w.grad = {v(w.grad(grads))}")
    print(f"B step {step}: x.grad = {v(x.grad(grads))}")
features = x.clone().exp().tanh()
l1 = (features.clone() * w.clone()).sum()
l2 = features.powf_scalar(2.0).mean()
grads = (l1 + l2).backward()
print(f"C: w.grad = {v(w.grad(grads))}")
print(f"C: x.grad = {v(x.grad(grads))}")
