"""Twin of shared_trunk_helper.rs: weights from the program's values, the shared trunk's gelu
one node (burn-autodiff's `gelu` is one op), SGD after the first task's backward."""

import math

import numpy as np
from burn32 import F32, Linear, Sgd, T

PANICS_AT = 10  # the trunk's gelu, as the program's comment derives


def gelu(t: T) -> T:
    erf = np.vectorize(math.erf)
    value = (t.v * F32(0.5) * (F32(1.0) + erf(t.v / math.sqrt(2.0)))).astype(F32)
    return t._op(value, [t], lambda g: [g])  # the gradient's values are never printed


trunk = Linear([[0.5, -0.5], [0.25, 0.75]], [0.1, -0.1])
head_a = Linear([[1.0], [-1.0]], None)
head_b = Linear([[0.5], [0.5]], None)
optim = Sgd()
x = T.from_floats([[1.0, 2.0], [-1.0, 0.5]])
y_a = T.from_floats([[0.0], [1.0]])
y_b = T.from_floats([[1.0], [0.0]])
features = gelu(trunk.forward(x))
loss_a = (head_a.forward(features.clone()) - y_a).square().mean()
optim.step(0.1, trunk.params() + head_a.params() + head_b.params(), loss_a.backward())
print("task a stepped")
loss_b = (head_b.forward(features) - y_b).square().mean()
optim.step(0.1, trunk.params() + head_a.params() + head_b.params(), loss_b.backward())
print("task b stepped")
