"""Twin of manual_sgd.rs."""

from burn32 import F32, T, rust_debug, rust_display, v

w = T.from_floats([[0.5], [-0.5]]).require_grad()
b = T.from_floats([0.0]).require_grad()
x = T.from_floats([[1.0, 2.0], [2.0, 1.0], [-1.0, 0.5], [0.5, 0.5]])
y = T.from_floats([[1.0], [1.5], [-1.0], [0.5]])
lr = F32(0.125)
for step in range(4):
    pred = x.clone().matmul(w.clone()) + b.clone().reshape([1, 1])
    loss = (pred - y.clone()).square().mean()
    grads = loss.backward()
    gw, gb = w.grad(grads), b.grad(grads)
    print(f"step {step}: loss = {rust_display(loss.scalar())}")
    w = T.from_inner(w.inner() - gw * lr).require_grad()
    b = T.from_inner(b.inner() - gb * lr).require_grad()
print(f"w = {rust_debug(v(w.v))}")
print(f"b = {rust_debug(v(b.v))}")
