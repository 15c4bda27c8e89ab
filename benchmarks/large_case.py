"""large: a case big enough to need the compiled kernels (for the cold start-up figure)."""

import numpy as np

import pbpit as pb

device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats(np.full(100_000, 0.5, dtype=np.float32), device).require_grad()
w = pb.Tensor.from_floats(np.full(100_000, 2.0, dtype=np.float32), device).require_grad()
loss = (x.exp() * w).sum()
grads = loss.backward()
print(f"loss = {pb.rust_display(loss.into_scalar())}")
