"""Twin of rnn_cell_cat.rs: `Tensor::cat` along dim 1 (one node; its backward hands each input
its columns of the gradient), the state detached after each step."""

import numpy as np
from burn32 import Linear, Sgd, T, f32_display_precision, v

PANICS_AT = None  # no panic


def cat1(a: T, b: T) -> T:
    n = a.v.shape[1]
    return a._op(np.concatenate([a.v, b.v], axis=1), [a, b], lambda g: [g[:, :n], g[:, n:]])


cell = Linear([[0.5, -0.25], [0.25, 0.5], [-0.5, 0.25]], [0.0, 0.0])
optim = Sgd()
inputs = [1.0, -0.5, 0.25, 0.75]
targets = [[0.25, 0.5], [-0.5, 0.0], [0.0, 0.25], [0.5, -0.25]]
state = T.from_floats([[0.0, 0.0]])
for t, (x, target) in enumerate(zip(inputs, targets, strict=True)):
    nxt = cell.forward(cat1(T.from_floats([[x]]), state)).tanh()
    loss = (nxt.clone() - T.from_floats([target])).square().mean()
    print(f"step {t}: loss = {f32_display_precision(loss.scalar(), 5)}")
    optim.step(0.2, cell.params(), loss.backward())
    state = nxt.clone().detach()
print(f"state = [{', '.join(f32_display_precision(x, 4) for x in v(state.v))}]")
