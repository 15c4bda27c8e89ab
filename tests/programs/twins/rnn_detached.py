"""Twin of rnn_detached.rs: rnn_not_detached.py with the state detached each step."""

from burn32 import Param, Sgd, T, rust_debug, rust_display, v

PANICS_AT = None  # no panic
DETACH = True

wx = Param(T.from_floats([[0.5, -0.5]]))
wh = Param(T.from_floats([[0.5, 0.25], [-0.25, 0.5]]))
inputs = [1.0, 0.5, -1.0]
targets = [[0.5, -0.25], [0.25, 0.0], [-0.5, 0.5]]
optim = Sgd()
hidden = T.from_floats([[0.0, 0.0]])
for t, xv in enumerate(inputs):
    x = T.from_floats([[xv]])
    hidden = (x.matmul(wx.val()) + hidden.matmul(wh.val())).tanh()
    target = T.from_floats([targets[t]])
    loss = (hidden.clone() - target).square().mean()
    print(f"t = {t}: loss = {rust_display(loss.scalar())}")
    optim.step(0.1, [wx, wh], loss.backward())
    if DETACH:
        hidden = hidden.detach()
print(f"hidden = {rust_debug(v(hidden.v))}")
