"""03_cached_softmax.rs in pbpit's Python API: softmax over dim 1 (6 ids: 2 to 7) computed once."""

import pbpit as pb
from pbpit.engine.activation import softmax

device = pb.Device.flex().autodiff()
scores = pb.Tensor.from_floats([[1.0, 2.0, 3.0], [0.5, 0.5, -1.0]], device).require_grad()
values = pb.Tensor.from_floats([[1.0, 0.0], [0.0, 1.0], [2.0, -1.0]], device).require_grad()
attn = softmax(scores.clone(), 1)
print(f"attn = {pb.rust_debug(attn.clone().to_vec())}")
for step in range(2):
    out = attn.clone().matmul(values.clone())
    loss = out.powf_scalar(2.0).sum()
    print(f"step {step}: loss = {pb.rust_display(loss.clone().into_scalar())}")
    grads = loss.backward()
    print(f"step {step}: scores.grad = {pb.rust_debug(scores.grad(grads).to_vec())}")
    print(f"step {step}: values.grad = {pb.rust_debug(values.grad(grads).to_vec())}")
