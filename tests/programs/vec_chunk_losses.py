"""vec_chunk_losses.rs in pbpit's Python API. The `Linear` is written out as Burn runs it
(matmul, the bias unsqueezed to `[1, d_out]`, add: the same three ids), and the optimizer's step
as Burn's does it (`from_inner(..).require_grad()`)."""

import pbpit as pb


def linear(x, weight, bias):
    return x.matmul(weight.clone()) + bias.clone().unsqueeze(2)


def mse(pred, target):
    return (pred - target).square().mean()


def sgd(param, grads, lr):
    return pb.Tensor.from_inner(param.inner() - param.grad(grads).mul_scalar(lr)).require_grad()


device = pb.Device.default().autodiff()
weight = pb.Tensor.from_floats([[0.5], [0.25]], device).require_grad()
bias = pb.Tensor.from_floats([0.0], device).require_grad()
x = pb.Tensor.from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, -1.0]], device)
y = pb.Tensor.from_floats([[1.0], [0.5], [1.0], [0.5]], device)
for epoch in range(3):
    losses = []
    for chunk in range(2):
        rows = (chunk * 2, chunk * 2 + 2)
        xb = x.clone().slice([rows, (0, 2)])
        yb = y.clone().slice([rows, (0, 1)])
        losses.append(mse(linear(xb, weight, bias), yb))
    values = [chunk_loss.clone().into_scalar() for chunk_loss in losses]
    loss = losses[0] + losses[1]
    print(f"epoch {epoch}: chunks = {pb.rust_debug(values)}, "
          f"total = {pb.rust_display(loss.clone().into_scalar())}")
    grads = loss.backward()
    weight, bias = sgd(weight, grads, 0.25), sgd(bias, grads, 0.25)
print(f"weight = {pb.rust_debug(weight.to_vec())}")
