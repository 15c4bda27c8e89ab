"""35_dropout.rs in pbpit's Python API: Dropout(0.5) on the autodiff device after
`device.seed(42)`: two draws of the mask, then the module after `valid()`."""

import pbpit as pb


class Model(pb.Module):
    def __init__(self):
        self.dropout = pb.DropoutConfig.new(0.5).init()


device = pb.Device.flex().autodiff()
device.seed(42)
model = Model()
x = pb.Tensor.from_floats([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]], device).require_grad()
out = model.dropout.forward(x.clone())
print(f"train out = {pb.rust_debug(out.clone().to_vec())}")
grads = out.sum().backward()
print(f"train x.grad = {pb.rust_debug(x.grad(grads).to_vec())}")
again = model.dropout.forward(x.clone())
print(f"train out (second draw) = {pb.rust_debug(again.to_vec())}")
model_valid = model.valid()
out = model_valid.dropout.forward(x.inner())
print(f"valid out = {pb.rust_debug(out.to_vec())}")
