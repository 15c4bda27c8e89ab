"""Twin of two_heads_slice.rs: shapes only (the seeded weights are not modelled), and where the
value loss's backward panics; lazy parameters take their ids at first read."""

import numpy as np
from burn32 import Linear, T, cross_entropy, mse

PANICS_AT = 12  # the shared output (its linear's add), as the program's comment derives


def columns(t: T, start: int, end: int) -> T:
    """`slice([0..batch, start..end])`: one node; its backward puts the gradient back."""
    def back(g):
        full = np.zeros_like(t.v)
        full[:, start:end] = g
        return [full]
    return t._op(t.v[:, start:end].copy(), [t], back)


obs = T.from_floats([[0.1, -0.2, 0.3], [0.5, 0.0, -0.5]])
returns = T.from_floats([[1.0], [0.5]])
trunk = Linear([[0.1] * 8] * 3, [0.0] * 8)
x = trunk.forward(obs).tanh()
out_layer = Linear([[0.1] * 3] * 8, [0.0] * 3)
out = out_layer.forward(x)
policy, value = columns(out.clone(), 0, 2), columns(out, 2, 3)
print("policy [2, 2], value [2, 1]")
cross_entropy(policy, [1, 0]).backward()
print("policy backward done")
mse(value, returns).backward()
print("value backward done")
