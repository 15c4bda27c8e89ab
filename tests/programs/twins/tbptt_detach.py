"""Twin of tbptt_detach.rs."""

from burn32 import Param, Sgd, T, rust_debug, rust_display, v

wx = Param(T.from_floats([[0.5, -0.5]]))
wh = Param(T.from_floats([[0.5, 0.25], [-0.25, 0.5]]))
inputs = [1.0, 0.5, -1.0, 0.25]
targets = [[0.5, -0.25], [0.25, 0.0], [-0.5, 0.5], [0.0, 0.25]]
optim = Sgd()
hidden = T.from_floats([[0.0, 0.0]])
for chunk in range(2):
    losses = []
    for t in range(chunk * 2, chunk * 2 + 2):
        x = T.from_floats([[inputs[t]]])
        hidden = (x.matmul(wx.val()) + hidden.matmul(wh.val())).tanh()
        target = T.from_floats([targets[t]])
        losses.append((hidden.clone() - target).square().mean())
    loss = losses[0] + losses[1]
    print(f"chunk {chunk}: loss = {rust_display(loss.scalar())}")
    optim.step(0.1, [wx, wh], loss.backward())
    hidden = hidden.detach()
print(f"wh = {rust_debug(v(wh.t.v))}")
