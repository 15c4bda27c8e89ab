"""tbptt_detach.rs in pbpit's Python API; the optimizer's step written as Burn's does it."""

import pbpit as pb


def sgd(param, grads, lr):
    return pb.Tensor.from_inner(param.inner() - param.grad(grads).mul_scalar(lr)).require_grad()


def detach_state(hidden):
    """Keep the state's value for the next chunk; its history stays with this one."""
    return hidden.detach()


device = pb.Device.flex().autodiff()
wx = pb.Tensor.from_floats([[0.5, -0.5]], device).require_grad()
wh = pb.Tensor.from_floats([[0.5, 0.25], [-0.25, 0.5]], device).require_grad()
inputs = [1.0, 0.5, -1.0, 0.25]
targets = [[0.5, -0.25], [0.25, 0.0], [-0.5, 0.5], [0.0, 0.25]]
hidden = pb.Tensor.zeros([1, 2], device)
for chunk in range(2):
    losses = []
    for t in range(chunk * 2, chunk * 2 + 2):
        x = pb.Tensor.from_floats([[inputs[t]]], device)
        hidden = (x.matmul(wx.clone()) + hidden.matmul(wh.clone())).tanh()
        target = pb.Tensor.from_floats([targets[t]], device)
        losses.append((hidden.clone() - target).square().mean())
    loss = losses[0] + losses[1]
    print(f"chunk {chunk}: loss = {pb.rust_display(loss.clone().into_scalar())}")
    grads = loss.backward()
    wx, wh = sgd(wx, grads, 0.1), sgd(wh, grads, 0.1)
    hidden = detach_state(hidden)
print(f"wh = {pb.rust_debug(wh.to_vec())}")
