"""05_cached_gelu.rs in pbpit's Python API: a GELU hidden layer computed before the loop, the
output weights updated by hand on the inner backend."""

import pbpit as pb
from pbpit.engine.activation import gelu

device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats([[-1.0, 0.0, 1.0], [2.0, -0.5, 0.5]], device).require_grad()
w = pb.Tensor.from_floats([[0.1], [0.2], [0.3]], device).require_grad()
y = pb.Tensor.from_floats([[1.0], [-1.0]], device)
hidden = gelu(x.clone())
print(f"hidden = {pb.rust_debug(hidden.clone().to_vec())}")
for step in range(3):
    pred = hidden.clone().matmul(w.clone())
    loss = (pred - y.clone()).powf_scalar(2.0).mean()
    print(f"step {step}: loss = {pb.rust_display(loss.clone().into_scalar())}")
    grads = loss.backward()
    w_grad = w.grad(grads)
    print(f"step {step}: w.grad = {pb.rust_debug(w_grad.clone().to_vec())}")
    w = pb.Tensor.from_inner(w.inner() - w_grad * 0.1).require_grad()
