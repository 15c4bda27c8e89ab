"""`Tensor`'s methods that burn-tensor writes with its other methods: `var`, `var_bias`
(`stats.rs`: `mean_dim`, `sub`, `square`, `sum_dim`, `div_scalar`: five nodes), `split`
(`base.rs`: a `narrow` a piece), `slice_dim` (one `slice`), `max_dim_with_indices` and
`min_dim_with_indices` (`orderable.rs`: one `max_dim`/`min_dim` node and Int indices),
`cumsum` (one node), `var_mean` (`mean_dim` once, then the four ops of the variance),
`random_like` (`Tensor::random` of the receiver's shape and device). Added to `Tensor` when
`pbpit.engine.tensor` imports this (import that module, not this one)."""

from __future__ import annotations

from typing import Any

import numpy as np

from pbpit.engine import checks as burn_checks
from pbpit.engine import ops
from pbpit.engine.arguments import _axis, _integer
from pbpit.engine.tensor import Tensor, _apply_one


def _var(self: Tensor, dim: int, op: str, bessel: bool) -> Tensor:
    """burn-tensor's `var_with_mean_n`: `(x - mean).square().sum_dim(dim).div_scalar(n as
    f32)`, n the dim's size, less one for `var`."""
    at = _axis(op, dim, self.shape)
    n = self.shape[at] - (1 if bessel else 0)
    if n < 0:
        raise ValueError(f"{op}: dim {at} of {list(self.shape)} is empty (Burn's usize wraps)")
    mean = self.clone().mean_dim(at)
    return self.sub(mean).square().sum_dim(at).div_scalar(np.float32(n))


def var(self: Tensor, dim: int) -> Tensor:
    """The variance along `dim`, with Bessel's correction (n - 1): five nodes."""
    return _var(self, dim, "var", True)


def var_bias(self: Tensor, dim: int) -> Tensor:
    """The variance along `dim` over n: five nodes."""
    return _var(self, dim, "var_bias", False)


def split(self: Tensor, split_size: int, dim: int) -> list[Tensor]:
    """Pieces of `split_size` along `dim` (the last what is left), a `narrow` each."""
    at = _axis("split", dim, self.shape)
    split_size = _integer(split_size, "split")
    size = self.shape[at]
    if split_size < 0:
        raise ValueError(f"split: a size of {split_size}")
    burn_checks.split(split_size, at, size)
    pieces, start = [], 0
    while start < size:
        length = min(split_size, size - start)
        pieces.append(self.narrow(at, start, length))
        start += length
    return pieces


def slice_dim(self: Tensor, dim: int, range_: Any) -> Tensor:
    """`slice` of one dim (the others whole): one node."""
    at = _axis("slice_dim", dim, self.shape)
    return self.slice([range_ if i == at else (0, None) for i in range(len(self.shape))])


def max_dim_with_indices(self: Tensor, dim: int) -> tuple[Tensor, Any]:
    """`max_dim` (one node) and the index of each maximum (`argmax`'s, an Int tensor)."""
    _axis("max_dim_with_indices", dim, self.shape)
    return self.max_dim(dim), self.argmax(dim)


def min_dim_with_indices(self: Tensor, dim: int) -> tuple[Tensor, Any]:
    """`min_dim` (one node) and the index of each minimum (an Int tensor)."""
    _axis("min_dim_with_indices", dim, self.shape)
    return self.min_dim(dim), self.argmin(dim)


def cumsum(self: Tensor, dim: int) -> Tensor:
    """The running sum along `dim` (one node)."""
    return _apply_one(ops.CumSum(_axis("cumsum", dim, self.shape)), self)


def var_mean(self: Tensor, dim: int) -> tuple[Tensor, Tensor]:
    """burn-tensor's `var_mean`: `mean_dim` once, then the variance from it (n - 1): five
    nodes; `(var, mean)`."""
    at = _axis("var_mean", dim, self.shape)
    mean = self.clone().mean_dim(at)
    n = self.shape[at] - 1
    if n < 0:
        raise ValueError(f"var_mean: dim {at} of {list(self.shape)} is empty (Burn's usize wraps)")
    return self.sub(mean.clone()).square().sum_dim(at).div_scalar(np.float32(n)), mean


def random_like(self: Tensor, distribution: Any) -> Tensor:
    """`Tensor::random` of this tensor's shape, on its device: a new leaf (one id)."""
    return Tensor.random(self.shape, distribution, self.device)


for _method in (
    var,
    var_bias,
    split,
    slice_dim,
    max_dim_with_indices,
    min_dim_with_indices,
    cumsum,
    var_mean,
    random_like,
):
    setattr(Tensor, _method.__name__, _method)
