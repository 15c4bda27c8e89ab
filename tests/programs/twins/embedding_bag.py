"""Twin of embedding_bag.rs: shapes, tracking and which parameters get gradients (the seeded
weights are not modelled). The embedding lookup is one node, its backward a scatter-add into
the weight's rows; mean_dim over the sequence."""

import numpy as np
from burn32 import Linear, Param, T, cross_entropy

PANICS_AT = None  # no panic

embed = Param(T(np.full((10, 4), 0.1, dtype=np.float32)))
tokens = np.array([[1, 2, 3], [4, 5, 5]])
w = embed.val()


def lookup_back(g):
    full = np.zeros_like(w.v)
    np.add.at(full, tokens, g)
    return [full]


embedded = w._op(w.v[tokens], [w], lookup_back)
pooled = embedded._op(embedded.v.mean(axis=1, keepdims=True), [embedded],
                      lambda g: [np.broadcast_to(g / 3, embedded.v.shape).astype(np.float32)])
head = Linear([[0.1, -0.1]] * 4, [0.0, 0.0])
logits = head.forward(pooled.reshape([2, 4]))
print(f"logits [{logits.v.shape[0]}, {logits.v.shape[1]}], require_grad "
      f"{'true' if logits.is_require_grad() else 'false'}")
grads = cross_entropy(logits, [0, 1]).backward()
print(f"embed grad [{', '.join(str(n) for n in embed.t.grad(grads).shape)}]")
print(f"head grads: {'true' if head.bias.t.grad(grads) is not None else 'false'}")
print("valid [1, 2]")  # the valid model: three tokens pooled into one row of two logits
