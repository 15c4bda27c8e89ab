"""33_linear_init_seed7.rs in pbpit's Python API: Linear's Kaiming-uniform values after
`device.seed(7)` (drawn when each param is first read: weight, bias, then the second layer)."""

import pbpit as pb

device = pb.Device.flex().autodiff()
device.seed(7)
linear = pb.LinearConfig.new(3, 2).init(device)
weight = linear.weight.val()
bias = linear.bias.val()
print(f"weight dims = {pb.rust_debug(weight.dims())}")
print(f"weight = {pb.rust_debug(weight.to_vec())}")
print(f"bias = {pb.rust_debug(bias.to_vec())}")
no_bias = pb.LinearConfig.new(4, 1).with_bias(False).init(device)
print(f"no_bias.weight = {pb.rust_debug(no_bias.weight.val().to_vec())}")
print(f"no_bias.bias is_none = {pb.rust_display(no_bias.bias is None)}")
