"""second_backward.rs in pbpit's Python API: a second backward on the same loss, for the
input's gradient: the panic at NodeId(9), the loss itself."""

import pbpit as pb

device = pb.Device.default().autodiff()
model = pb.Linear(
    pb.Param.from_tensor(pb.Tensor.from_floats([[0.5], [-1.0]], device)),
    pb.Param.from_tensor(pb.Tensor.from_floats([0.25], device)),
)
x = pb.Tensor.from_floats([[1.0, 2.0], [0.5, 0.5]], device).require_grad()
y = pb.Tensor.from_floats([[-1.0], [0.0]], device)

loss = pb.MseLoss.new().forward(model.forward(x.clone()), y, pb.Reduction.Mean)
print(f"loss = {pb.rust_display(loss.clone().into_scalar())}")
grads = loss.backward()
w = model.weight.grad(grads)
print(f"weight.grad = {pb.rust_debug(w.to_vec())}")
grads = loss.backward()
saliency = x.grad(grads)
print(f"x.grad = {pb.rust_debug(saliency.to_vec())}")
