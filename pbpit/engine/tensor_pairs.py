"""`Tensor`'s elementwise picks of two tensors (`min_pair`, `max_pair`) and its creations shaped
like a tensor (`ones_like`, `zeros_like`), as burn-tensor writes them. Added to `Tensor` when
`pbpit.engine.tensor` imports this (import that module, not this one).

burn-tensor's api/orderable.rs: `min_pair(other)` is `self.mask_where(other.lower(self), other)`
and `max_pair(other)` is `self.mask_where(self.lower(other), other)`: the comparison is a Bool
tensor (no node on the autodiff device), the `mask_where` one node whose gradient goes to
`other` where the mask is true and to `self` elsewhere (ties included). api/base.rs:
`ones_like(&self)` / `zeros_like(&self)` are `K::ones` / `K::zeros` of the receiver's shape and
device: a new untracked leaf (one node id), as `Tensor::ones` is.
"""

from __future__ import annotations

from pbpit.engine.tensor import Tensor, _tensor


def min_pair(self: Tensor, other: Tensor) -> Tensor:
    """The smaller of the two at each element (`self`'s on a tie)."""
    other = _tensor(other, "min_pair")
    return self.mask_where(other.lower(self), other)


def max_pair(self: Tensor, other: Tensor) -> Tensor:
    """The larger of the two at each element (`self`'s on a tie)."""
    other = _tensor(other, "max_pair")
    return self.mask_where(self.lower(other), other)


def bool_(self: Tensor) -> Tensor:
    """A float tensor's `bool()`: burn-tensor's `self.not_equal_elem(0)`, a Bool tensor (no
    node): false at ±0.0, true elsewhere (NaN too)."""
    return self.not_equal_elem(0.0)


def ones_like(self: Tensor) -> Tensor:
    """Ones of this tensor's shape, on its device: a new untracked leaf."""
    return Tensor.ones(self.shape, self.device)


def zeros_like(self: Tensor) -> Tensor:
    """Zeros of this tensor's shape, on its device: a new untracked leaf."""
    return Tensor.zeros(self.shape, self.device)


for _method in (min_pair, max_pair, ones_like, zeros_like):
    setattr(Tensor, _method.__name__, _method)
if "bool" not in vars(Tensor):
    Tensor.bool = bool_  # type: ignore[attr-defined]
