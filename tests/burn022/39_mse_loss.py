"""39_mse_loss.rs in pbpit's Python API: MseLoss with Reduction::Mean and ::Sum, and without
reduction."""

import pbpit as pb

device = pb.Device.flex().autodiff()
pred = pb.Tensor.from_floats([[0.5, 1.5], [2.0, -1.0], [0.0, 3.0]], device).require_grad()
target = pb.Tensor.from_floats([[1.0, 1.0], [2.0, 0.0], [-0.5, 2.5]], device)
mse = pb.MseLoss.new()
loss = mse.forward(pred.clone(), target.clone(), pb.Reduction.Mean)
print(f"mean loss = {pb.rust_display(loss.clone().into_scalar())}")
grads = loss.backward()
print(f"mean: pred.grad = {pb.rust_debug(pred.grad(grads).to_vec())}")
loss = mse.forward(pred.clone(), target.clone(), pb.Reduction.Sum)
print(f"sum loss = {pb.rust_display(loss.clone().into_scalar())}")
grads = loss.backward()
print(f"sum: pred.grad = {pb.rust_debug(pred.grad(grads).to_vec())}")
per_element = mse.forward_no_reduction(pred, target)
print(f"no reduction = {pb.rust_debug(per_element.to_vec())}")
