"""closure_params.rs in pbpit's Python API: a loss closure, parameters in a list."""

import pbpit as pb

device = pb.Device.flex().autodiff()
w = pb.Tensor.from_floats([0.5, -0.5], device).require_grad()
b = pb.Tensor.from_floats([0.0, 0.25], device).require_grad()
x = pb.Tensor.from_floats([2.0, 1.0], device)
target = pb.Tensor.from_floats([1.5, 0.5], device)


def loss_fn(pred):
    return (pred - target.clone()).powf_scalar(2.0).sum()


params = [w, b]
for step in range(3):
    loss = loss_fn(x.clone() * params[0].clone() + params[1].clone())
    grads = loss.backward()
    norms = [p.grad(grads).abs().sum().into_scalar() for p in params]
    print(f"step {step}: loss = {pb.rust_display(loss.into_scalar())}, "
          f"|grad| = {pb.rust_debug(norms)}")
    params = [pb.Tensor.from_inner(p.inner() - p.grad(grads).mul_scalar(0.125)).require_grad()
              for p in params]
print(f"params = {pb.rust_debug([p.to_vec() for p in params])}")
