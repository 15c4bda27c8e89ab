"""vec_chunk_backward.rs in pbpit's Python API: one forward, its output sliced into chunks, each
chunk's loss backpropagated on its own: the panic at NodeId(6), the shared prediction."""

import pbpit as pb

device = pb.Device.default().autodiff()
model = pb.Linear(
    pb.Param.from_tensor(pb.Tensor.from_floats([[0.5], [0.25]], device)),
    pb.Param.from_tensor(pb.Tensor.from_floats([0.0], device)),
)
x = pb.Tensor.from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, -1.0]], device)
y = pb.Tensor.from_floats([[1.0], [0.5], [1.0], [0.5]], device)
mse = pb.MseLoss.new()

pred = model.forward(x)
losses = []
for chunk in range(2):
    rows = range(chunk * 2, chunk * 2 + 2)
    p = pred.clone().slice([rows, range(0, 1)])
    losses.append(mse.forward(p, y.clone().slice([rows, range(0, 1)]), pb.Reduction.Mean))
for i, loss in enumerate(losses):
    grads = loss.backward()
    g = model.weight.grad(grads).to_vec()
    print(f"chunk {i}: loss = {pb.rust_display(loss.clone().into_scalar())}, "
          f"weight.grad = {pb.rust_debug(g)}")
