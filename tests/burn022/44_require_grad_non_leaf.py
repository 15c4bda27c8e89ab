"""44_require_grad_non_leaf.rs in pbpit's Python API: require_grad() on an intermediate."""

import pbpit as pb

device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats([1.0, 2.0, 3.0], device).require_grad()
hidden = x.clone() * 2.0
print(f"hidden = {pb.rust_debug(hidden.clone().to_vec())}")
hidden = hidden.require_grad()
grads = hidden.clone().powf_scalar(2.0).sum().backward()
grad = hidden.grad(grads)
print(f"hidden.grad = {pb.rust_debug(None if grad is None else pb.Some(grad.to_vec()))}")
