"""09_cached_reshape_transpose.rs in pbpit's Python API: reshape, transpose, reshape,
swap_dims done once on a tracked tensor."""

import pbpit as pb

device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], device).require_grad()
grid = x.clone().reshape([2, 3]).transpose()
cube = grid.reshape([1, 3, 2]).swap_dims(1, 2)
print(f"cube dims = {pb.rust_debug(cube.dims())}")
print(f"cube = {pb.rust_debug(cube.clone().to_vec())}")
scale = pb.Tensor.from_floats([[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]], device)
for step in range(2):
    loss = (cube.clone() * scale.clone()).sum()
    grads = loss.backward()
    print(f"step {step}: x.grad = {pb.rust_debug(x.grad(grads).to_vec())}")
