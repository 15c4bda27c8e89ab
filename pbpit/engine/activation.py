"""`burn::tensor::activation`: each function the sequence of tensor ops Burn runs on autodiff.

Burn's autodiff backend gives `relu`, `sigmoid` and `gelu` one node each (its own backward);
`tanh` is the tensor's `tanh`. The others are Burn's default compositions, node for node:
`softmax` is `detach`, `max_dim`, `sub`, `exp`, `sum_dim`, `div`; `log_softmax` is `detach`,
`max_dim`, `sub`, `exp`, `sum_dim`, `log`, `sub`; `leaky_relu` is `mul_scalar` and
`mask_where`; `silu` is `sigmoid` and `mul`; `softplus` is `mul_scalar`, `exp`, `add_scalar`,
`log`, `div_scalar`. Without autodiff, Flex's fused softmax runs instead (its own bits).
"""

from __future__ import annotations

import numpy as np

from pbpit.engine import f32 as f
from pbpit.engine import ops
from pbpit.engine.tensor import Tensor, _along, _apply, _apply_one, _scalar
from pbpit.engine.tensor import _tensor as _tensor_argument

__all__ = [
    "gelu",
    "leaky_relu",
    "log_sigmoid",
    "log_softmax",
    "quiet_softmax",
    "relu",
    "sigmoid",
    "silu",
    "softmax",
    "softplus",
    "tanh",
]


def _tensor(x: object, name: str) -> Tensor:
    return _tensor_argument(x, f"activation::{name}")


def relu(tensor: Tensor) -> Tensor:
    """`max(0, x)`: one node."""
    return _apply_one(ops.Relu(), _tensor(tensor, "relu"))


def sigmoid(tensor: Tensor) -> Tensor:
    """`1 / (1 + e^-x)`: one node."""
    return _apply_one(ops.Sigmoid(), _tensor(tensor, "sigmoid"))


def tanh(tensor: Tensor) -> Tensor:
    """The tensor's `tanh`: one node."""
    return _apply_one(ops.Tanh(), _tensor(tensor, "tanh"))


def gelu(tensor: Tensor) -> Tensor:
    """`x * Φ(x)` with Φ by erf: one node (Flex's kernels forward and backward)."""
    return _apply_one(ops.Gelu(), _tensor(tensor, "gelu"))


def leaky_relu(tensor: Tensor, negative_slope: float) -> Tensor:
    """`x` where `x >= 0`, else `negative_slope * x`: `mul_scalar`, then `mask_where`."""
    x = _tensor(tensor, "leaky_relu")
    negative_slope = _scalar(negative_slope, "leaky_relu")
    mask = x.array < np.float32(0.0)
    scaled = x.mul_scalar(negative_slope)
    return _apply(ops.MaskWhere(mask), (x, scaled), x.array, scaled.array)


def log_sigmoid(tensor: Tensor) -> Tensor:
    """`log(1 / (1 + e^-x))`, Flex's stable fused kernel: one node."""
    return _apply_one(ops.LogSigmoid(), _tensor(tensor, "log_sigmoid"))


def silu(tensor: Tensor) -> Tensor:
    """`x * sigmoid(x)`: two nodes."""
    x = _tensor(tensor, "silu")
    return x * sigmoid(x)


def softplus(tensor: Tensor, beta: float) -> Tensor:
    """`log(1 + e^(beta x)) / beta`: five nodes."""
    x = _tensor(tensor, "softplus")
    beta = _scalar(beta, "softplus")
    return x.mul_scalar(beta).exp().add_scalar(1.0).log().div_scalar(beta)


def _shifted(x: Tensor, dim: int) -> Tensor:
    """`x - max_dim(detach(x), dim)`: three nodes."""
    return x - x.detach().max_dim(dim)


def quiet_softmax(tensor: Tensor, dim: int) -> Tensor:
    """burn-tensor's `exp(x - max) / (sum exp(x - max) + exp(-max))`, max of the detached
    input: detach, max_dim, sub, exp, sum_dim, neg, exp, add, div (nine nodes)."""
    x = _tensor(tensor, "quiet_softmax")
    axis = _along("quiet_softmax", dim, x.array.shape)
    max_vals = x.detach().max_dim(axis)
    exp_x = (x - max_vals).exp()
    sum_exp = exp_x.sum_dim(axis)
    return exp_x / (sum_exp + max_vals.neg().exp())


def softmax(tensor: Tensor, dim: int) -> Tensor:
    """`exp(x_i) / sum_j exp(x_j)` along `dim`."""
    x = _tensor(tensor, "softmax")
    axis = _along("softmax", dim, x.array.shape)
    if x.node is None:
        return Tensor(_fused_softmax(x.array, axis), None)
    exp = _shifted(x, axis).exp()
    total = exp.sum_dim(axis)
    return exp / total


def log_softmax(tensor: Tensor, dim: int) -> Tensor:
    """`x_i - max - log(sum_j exp(x_j - max))` along `dim`."""
    x = _tensor(tensor, "log_softmax")
    axis = _along("log_softmax", dim, x.array.shape)
    shifted = _shifted(x, axis)
    log_sum_exp = shifted.exp().sum_dim(axis).log()
    return shifted - log_sum_exp


def _fused_softmax(a: np.ndarray, axis: int) -> np.ndarray:
    """Flex's fused softmax of each row along `axis`: the row's max, `e = exp(x - max)` summed
    in order from +0.0, then each `e` times `1 / sum`."""
    moved = np.ascontiguousarray(np.moveaxis(a, axis, -1))
    rows = moved.reshape(-1, moved.shape[-1])
    out = np.empty_like(rows)
    for r, row in enumerate(rows):
        e = f.exp(row - np.max(row))
        total = np.float32(0.0)
        for value in e:
            total = np.float32(total + value)
        out[r] = e * (np.float32(1.0) / total)
    return np.moveaxis(out.reshape(moved.shape), -1, axis)
