"""The module ops Burn's autodiff gives one node each: `linear` and `embedding` (`gather` is the
engine's, `pbpit.engine.ops.Gather`).

Each is an `Op` of the engine (forward, backward, what it saves), computed as Flex computes it on
the inner backend: the backward is the sequence of float32 tensor ops burn-backend's defaults
run, each rounded to float32.
"""

from __future__ import annotations

import numpy as np

from pbpit.engine import f32 as f
from pbpit.engine.ops import Op

Array = np.ndarray


def _rows(a: Array) -> Array:
    """burn-backend's `flatten_leading`: every dim but the last merged into rows."""
    return a if a.ndim == 2 else a.reshape(-1, a.shape[-1])


class Linear(Op):
    """`linear(x, weight, bias)`: `x @ weight (+ bias)`, one node with 2 or 3 parents. The
    forward merges the batch dims into rows, as burn-backend's `linear` does for these shapes."""

    name = "linear"
    __slots__ = ("shape",)

    def forward(self, x, weight, bias=None):
        self.shape = x.shape
        # x is needed only for the weight's gradient, the weight only for x's (as Burn saves).
        saved = []
        if self.needs[1]:
            saved.append(x)
        if self.needs[0]:
            saved.append(weight)
        self.saved = tuple(saved)
        out = f.matmul(_rows(x), weight)
        if bias is not None:
            out = f.add(out, bias.reshape(1, -1))
        return out.reshape(*x.shape[:-1], weight.shape[1])

    def backward(self, grad):
        saved = list(self.saved)
        weight = saved.pop() if self.needs[0] else None
        x = saved.pop() if self.needs[1] else None
        rows = _rows(grad)
        grad_x = None
        if self.needs[0]:
            grad_x = f.matmul(rows, np.ascontiguousarray(weight.T)).reshape(self.shape)
        grad_w = f.matmul(np.ascontiguousarray(_rows(x).T), rows) if self.needs[1] else None
        if len(self.needs) == 2:
            return (grad_x, grad_w)
        grad_b = f.sum_dim(rows, 0).reshape(-1) if self.needs[2] else None
        return (grad_x, grad_w, grad_b)


class Embedding(Op):
    """`embedding(weights, indices)`: the rows of `weights` at `indices` ([batch, seq]), one node;
    the gradient is burn-backend's `embedding_backward`, rows added into zeros in index order."""

    name = "embedding"
    __slots__ = ("indices", "shape")

    def __init__(self, indices: Array) -> None:
        Op.__init__(self)
        self.indices = indices

    def forward(self, weights):
        self.shape = weights.shape
        batch, seq = self.indices.shape
        return weights[self.indices.reshape(-1)].reshape(batch, seq, weights.shape[1])

    def backward(self, grad):
        flat = self.indices.reshape(-1)
        out = np.zeros(self.shape, dtype=np.float32)
        np.add.at(out, flat, grad.reshape(flat.size, self.shape[1]))
        return (out,)
