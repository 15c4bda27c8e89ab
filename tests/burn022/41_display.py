"""41_display.rs in pbpit's Python API: `println!("{}", tensor)` of float, Int and Bool tensors
on the plain and the autodiff device. As in Burn 0.22, `Device.default()` is the plain Flex
device and `.autodiff()` the tracked one."""

import pbpit as pb

device = pb.Device.default()
x = pb.Tensor.from_floats([[1.0, 2.5, -3.0], [0.125, 0.0, 1e-3]], device)
print(pb.rust_display(x))
i = pb.IntTensor.from_ints([3, -1, 7], device)
print(pb.rust_display(i))
b = x.clone().greater_elem(0.5)
print(pb.rust_display(b))
ad = pb.Device.default().autodiff()
y = pb.Tensor.from_floats([0.5, 1.0], ad).require_grad()
print(pb.rust_display(y.clone().exp()))
print(pb.rust_display(y.sum()))
