"""11_cached_stack_unsqueeze.rs in pbpit's Python API: a batch built once with stack (an
unsqueeze of each, then cat) and unsqueeze."""

import pbpit as pb

device = pb.Device.flex().autodiff()
a = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
b = pb.Tensor.from_floats([3.0, 4.0], device).require_grad()
batch = pb.Tensor.stack([a.clone(), b.clone() * 2.0], 0)
batch = batch.unsqueeze(3)
print(f"batch dims = {pb.rust_debug(batch.dims())}")
print(f"batch = {pb.rust_debug(batch.clone().to_vec())}")
w = pb.Tensor.from_floats([[[1.0, -1.0], [0.5, 2.0]]], device)
for step in range(2):
    grads = (batch.clone() * w.clone()).sum().backward()
    print(f"step {step}: a.grad = {pb.rust_debug(a.grad(grads).to_vec())}")
    print(f"step {step}: b.grad = {pb.rust_debug(b.grad(grads).to_vec())}")
