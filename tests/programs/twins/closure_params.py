"""Twin of closure_params.rs."""

import numpy as np
from burn32 import F32, T, rust_debug, rust_display, total, v

w = T.from_floats([0.5, -0.5]).require_grad()
b = T.from_floats([0.0, 0.25]).require_grad()
x = T.from_floats([2.0, 1.0])
target = T.from_floats([1.5, 0.5])


def loss_fn(pred):
    return (pred - target.clone()).square().sum()


params = [w, b]
for step in range(3):
    loss = loss_fn(x.clone() * params[0].clone() + params[1].clone())
    grads = loss.backward()
    norms = [float(total(np.abs(p.grad(grads)))) for p in params]
    print(f"step {step}: loss = {rust_display(loss.scalar())}, |grad| = {rust_debug(norms)}")
    params = [T.from_inner(p.inner() - p.grad(grads) * F32(0.125)).require_grad() for p in params]
print(f"params = {rust_debug([v(p.v) for p in params])}")
