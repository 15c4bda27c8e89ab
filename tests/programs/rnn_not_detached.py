"""rnn_not_detached.rs in pbpit's Python API; the optimizer's step written as Burn's does it
(`Tensor::from_inner(..).require_grad()` a parameter, in field order)."""

import pbpit as pb

DETACH = False


def sgd(param, grads, lr):
    return pb.Tensor.from_inner(param.inner() - param.grad(grads).mul_scalar(lr)).require_grad()


device = pb.Device.default().autodiff()
wx = pb.Tensor.from_floats([[0.5, -0.5]], device).require_grad()
wh = pb.Tensor.from_floats([[0.5, 0.25], [-0.25, 0.5]], device).require_grad()
inputs = [1.0, 0.5, -1.0]
targets = [[0.5, -0.25], [0.25, 0.0], [-0.5, 0.5]]
hidden = pb.Tensor.zeros([1, 2], device)
for t, xv in enumerate(inputs):
    x = pb.Tensor.from_floats([[xv]], device)
    hidden = (x.matmul(wx.clone()) + hidden.matmul(wh.clone())).tanh()
    target = pb.Tensor.from_floats([targets[t]], device)
    loss = (hidden.clone() - target).square().mean()
    print(f"t = {t}: loss = {pb.rust_display(loss.clone().into_scalar())}")
    grads = loss.backward()
    wx, wh = sgd(wx, grads, 0.1), sgd(wh, grads, 0.1)
    if DETACH:
        hidden = hidden.detach()
print(f"hidden = {pb.rust_debug(hidden.to_vec())}")
