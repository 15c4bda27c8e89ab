"""Twin of state_in_struct.rs."""

from burn32 import T, rust_debug, rust_display, v

PANICS_AT = 1  # derived by hand in state_in_struct.rs

weight = T.from_floats([0.5, 1.0]).require_grad()
scale = weight.clone().exp()
x = T.from_floats([1.0, 2.0])
for step in range(3):
    print(f"step {step}")
    loss = (scale.clone() * x.clone()).sum()
    grads = loss.backward()
    print(f"  weight.grad = {rust_debug(v(weight.grad(grads)))}")
    print(f"  loss = {rust_display(loss.scalar())}")
