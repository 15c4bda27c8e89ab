"""28_grad_shape_ops.rs in pbpit's Python API: gradients through reshape, transpose,
swap_dims, unsqueeze, slice, cat and stack."""

import pbpit as pb

device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], device).require_grad()
y = pb.Tensor.from_floats([[-1.0, -2.0, -3.0], [-4.0, -5.0, -6.0]], device).require_grad()
w6 = pb.Tensor.from_floats([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], device)


def grad_of(t):
    return pb.rust_debug(t.grad(grads).to_vec())


r = x.clone().reshape([6])
grads = (r * w6.clone()).sum().backward()
print(f"reshape: x.grad = {grad_of(x)}")
t = x.clone().transpose().reshape([6])
grads = (t * w6.clone()).sum().backward()
print(f"transpose: x.grad = {grad_of(x)}")
sw = x.clone().reshape([1, 2, 3]).swap_dims(0, 2).reshape([6])
grads = (sw * w6.clone()).sum().backward()
print(f"swap_dims: x.grad = {grad_of(x)}")
u = x.clone().unsqueeze_dim(1)
print(f"unsqueeze_dim(1) dims = {pb.rust_debug(u.dims())}")
grads = (u.reshape([6]) * w6.clone()).sum().backward()
print(f"unsqueeze: x.grad = {grad_of(x)}")
sl = x.clone().slice([(1, 2), (0, 2)])
print(f"slice = {pb.rust_debug(sl.clone().to_vec())}")
grads = (sl * 3.0).sum().backward()
print(f"slice: x.grad = {grad_of(x)}")
c = pb.Tensor.cat([x.clone(), y.clone()], 1)
print(f"cat dims = {pb.rust_debug(c.dims())}")
wc = pb.Tensor.from_floats(
    [[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [7.0, 8.0, 9.0, 10.0, 11.0, 12.0]], device
)
grads = (c * wc).sum().backward()
print(f"cat: x.grad = {grad_of(x)}")
print(f"cat: y.grad = {grad_of(y)}")
st = pb.Tensor.stack([x.clone(), y.clone()], 2)
print(f"stack dims = {pb.rust_debug(st.dims())}")
ws = pb.Tensor.from_floats([[[1.0, -1.0]]], device)
grads = (st * ws).sum().backward()
print(f"stack: x.grad = {grad_of(x)}")
print(f"stack: y.grad = {grad_of(y)}")
