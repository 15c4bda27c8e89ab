"""47_grad_remove.rs in pbpit's Python API: grad_remove takes a gradient out of the
Gradients; the others stay."""

import pbpit as pb


def v(grad):
    """Rust's `opt.map(|g| g.into_data().to_vec::<f32>().unwrap())`."""
    return pb.rust_debug(None if grad is None else pb.Some(grad.to_vec()))


device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats([1.0, 2.0, 3.0], device).require_grad()
w = pb.Tensor.from_floats([0.5, -0.5, 2.0], device).require_grad()
loss = (x.clone() * w.clone()).powf_scalar(2.0).sum()
grads = loss.backward()
x_grad = x.grad_remove(grads)
print(f"removed x.grad = {v(x_grad)}")
print(f"x.grad after remove = {v(x.grad(grads))}")
print(f"w.grad = {v(w.grad(grads))}")
print(f"w.grad again = {v(w.grad(grads))}")
print(f"removed twice = {v(x.grad_remove(grads))}")
