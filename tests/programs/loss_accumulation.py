"""loss_accumulation.rs in pbpit's Python API: a running loss backpropagated each micro-batch."""

import pbpit as pb

device = pb.Device.flex().autodiff()
w = pb.Tensor.from_floats([1.0, -0.5], device).require_grad()
batches = [[0.5, 0.5], [2.0, 0.25], [1.0, 1.0]]
accumulated = pb.Tensor.zeros([1], device)
for i, batch in enumerate(batches):
    x = pb.Tensor.from_floats(batch, device)
    loss = (x * w.clone()).sum()
    accumulated = accumulated + loss
    grads = accumulated.backward()
    g = w.grad(grads).to_vec()
    print(f"micro-batch {i}: running = {pb.rust_display(accumulated.clone().into_scalar())}, "
          f"w.grad = {pb.rust_debug(g)}")
