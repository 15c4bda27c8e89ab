"""07_cached_matmul_bias.rs in pbpit's Python API: a hand-written affine layer (matmul, the
bias unsqueezed, add) applied once before the loop."""

import pbpit as pb

device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats([[1.0, 2.0], [3.0, 4.0], [-1.0, 0.5]], device)
w = pb.Tensor.from_floats([[0.5, -0.5, 1.0], [0.25, 0.75, -1.0]], device).require_grad()
b = pb.Tensor.from_floats([0.1, 0.2, 0.3], device).require_grad()
head = pb.Tensor.from_floats([[1.0], [2.0], [3.0]], device).require_grad()
hidden = x.matmul(w.clone()) + b.clone().unsqueeze()
print(f"hidden = {pb.rust_debug(hidden.clone().to_vec())}")
for epoch in range(2):
    out = hidden.clone().matmul(head.clone())
    loss = out.powf_scalar(2.0).mean()
    print(f"epoch {epoch}: loss = {pb.rust_display(loss.clone().into_scalar())}")
    grads = loss.backward()
    print(f"epoch {epoch}: w.grad = {pb.rust_debug(w.grad(grads).to_vec())}")
    print(f"epoch {epoch}: b.grad = {pb.rust_debug(b.grad(grads).to_vec())}")
    print(f"epoch {epoch}: head.grad = {pb.rust_debug(head.grad(grads).to_vec())}")
