"""manual_sgd.rs in pbpit's Python API: SGD by hand through inner() / from_inner()."""

import pbpit as pb

device = pb.Device.default().autodiff()
w = pb.Tensor.from_floats([[0.5], [-0.5]], device).require_grad()
b = pb.Tensor.from_floats([0.0], device).require_grad()
x = pb.Tensor.from_floats([[1.0, 2.0], [2.0, 1.0], [-1.0, 0.5], [0.5, 0.5]], device)
y = pb.Tensor.from_floats([[1.0], [1.5], [-1.0], [0.5]], device)
lr = 0.125
for step in range(4):
    pred = x.clone().matmul(w.clone()) + b.clone().unsqueeze(2)
    loss = (pred - y.clone()).powi_scalar(2).mean()
    grads = loss.backward()
    gw = w.grad(grads)
    gb = b.grad(grads)
    print(f"step {step}: loss = {pb.rust_display(loss.into_scalar())}")
    w = pb.Tensor.from_inner(w.inner() - gw.mul_scalar(lr)).require_grad()
    b = pb.Tensor.from_inner(b.inner() - gb.mul_scalar(lr)).require_grad()
print(f"w = {pb.rust_debug(w.to_vec())}")
print(f"b = {pb.rust_debug(b.to_vec())}")
