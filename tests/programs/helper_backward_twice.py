"""helper_backward_twice.rs in pbpit's Python API."""

import pbpit as pb


def gradient_of(loss, param):
    """The gradient of `param` for `loss`."""
    grads = loss.backward()
    return param.grad(grads).to_vec()


device = pb.Device.flex().autodiff()
w = pb.Tensor.from_floats([0.5, -1.0], device).require_grad()
x = pb.Tensor.from_floats([2.0, 1.0], device)
y = pb.Tensor.from_floats([1.5, -0.5], device)

loss = (x * w.clone() - y).square().mean()
print(f"loss = {pb.rust_display(loss.clone().into_scalar())}")
print(f"logged grad = {pb.rust_debug(gradient_of(loss, w))}")
grad = gradient_of(loss, w)
print(f"update with {pb.rust_debug(grad)}")
