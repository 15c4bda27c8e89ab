"""Twin of second_backward.rs."""

from burn32 import Linear, T, mse, rust_debug, rust_display, v

PANICS_AT = 9  # derived by hand in second_backward.rs

model = Linear([[0.5], [-1.0]], [0.25])
x = T.from_floats([[1.0, 2.0], [0.5, 0.5]]).require_grad()
y = T.from_floats([[-1.0], [0.0]])
loss = mse(model.forward(x.clone()), y)
print(f"loss = {rust_display(loss.scalar())}")
grads = loss.backward()
print(f"weight.grad = {rust_debug(v(model.weight.t.grad(grads)))}")
grads = loss.backward()
print(f"x.grad = {rust_debug(v(x.grad(grads)))}")
