"""Twin of helper_backward_twice.rs."""

from burn32 import T, rust_debug, rust_display, v

PANICS_AT = 6  # derived by hand in helper_backward_twice.rs


def gradient_of(loss, param):
    return v(param.grad(loss.backward()))


w = T.from_floats([0.5, -1.0]).require_grad()
x = T.from_floats([2.0, 1.0])
y = T.from_floats([1.5, -0.5])
loss = (x * w.clone() - y).square().mean()
print(f"loss = {rust_display(loss.scalar())}")
print(f"logged grad = {rust_debug(gradient_of(loss, w))}")
grad = gradient_of(loss, w)
print(f"update with {rust_debug(grad)}")
