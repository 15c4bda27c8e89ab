"""The module op Burn's autodiff gives one node: `embedding` (`gather` is the engine's,
`pbpit.engine.ops.Gather`; `linear` runs op by op, `pbpit.nn.layers.linear`).

It is an `Op` of the engine (forward, backward, what it saves), computed as Flex computes it on
the inner backend: the backward is the sequence of float32 tensor ops burn-backend's defaults
run, each rounded to float32.
"""

from __future__ import annotations

import numpy as np

from pbpit.engine.ops import Op

Array = np.ndarray


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
