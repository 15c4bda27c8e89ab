"""26_grad_matmul_bias.rs in pbpit's Python API: the gradients of x.matmul(w) + b (the bias
broadcast over the batch)."""

import pbpit as pb

device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats([[1.0, 2.0], [3.0, 4.0], [-1.0, 0.5]], device).require_grad()
w = pb.Tensor.from_floats([[0.5, -0.5, 1.0], [0.25, 0.75, -1.0]], device).require_grad()
b = pb.Tensor.from_floats([0.1, 0.2, 0.3], device).require_grad()
y = x.clone().matmul(w.clone()) + b.clone().unsqueeze_dim(0)
print(f"y = {pb.rust_debug(y.clone().to_vec())}")
loss = y.powf_scalar(2.0).sum()
print(f"loss = {pb.rust_display(loss.clone().into_scalar())}")
grads = loss.backward()
print(f"x.grad = {pb.rust_debug(x.grad(grads).to_vec())}")
print(f"w.grad = {pb.rust_debug(w.grad(grads).to_vec())}")
print(f"b.grad = {pb.rust_debug(b.grad(grads).to_vec())}")
