"""16_backward_twice_same_loss.rs in pbpit's Python API: backward twice on one loss."""

import pbpit as pb
from pbpit.engine.activation import sigmoid

device = pb.Device.flex().autodiff()
w = pb.Tensor.from_floats([1.0, -2.0, 3.0], device).require_grad()
x = pb.Tensor.from_floats([0.5, 0.25, -1.0], device)
loss = sigmoid(w.clone() * x).sum()
print(f"loss = {pb.rust_display(loss.clone().into_scalar())}")
grads = loss.backward()
norm = w.grad(grads).powf_scalar(2.0).sum().sqrt()
print(f"grad norm = {pb.rust_display(norm.into_scalar())}")
grads = loss.backward()
print(f"w.grad = {pb.rust_debug(w.grad(grads).to_vec())}")
