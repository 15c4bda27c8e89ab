"""training loop: 2,000 steps of a small forward, backward and gradient read (Python twin)."""

import pbpit as pb

device = pb.Device.flex().autodiff()
w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
x = pb.Tensor.from_floats([0.5, 1.0], device)
total = 0.0
for _step in range(2000):
    loss = ((x.clone().exp() * w.clone()).tanh() + 1.0).sum()
    grads = loss.backward()
    total = w.grad(grads).sum().into_scalar()
print(f"last = {pb.rust_display(total)}")
