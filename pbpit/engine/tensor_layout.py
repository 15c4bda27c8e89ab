"""`Tensor`'s layout methods that burn-tensor writes with its other ops (`tensor/api/base.rs`),
so that their nodes and backward are those ops' (burn-autodiff has no node of their own):

- `movedim(src, dst)`: the dims at `src` moved to `dst`, the others in order: one `permute`
  (none when the order is unchanged);
- `roll_dim(shift, dim)`: `cat([slice_dim(dim, shift..), slice_dim(dim, ..shift)], dim)`, the
  shift wrapped into `0..size` (`rem_euclid`): element `i` is the old `(i + shift) % size`;
  a shift of 0 (after wrapping) or an empty dim is the tensor itself;
- `roll(shifts, dims)`: the shifts of each dim added up, then a `roll_dim` per dim whose
  wrapped shift is not 0, in dim order; an empty tensor is itself;
- `repeat(sizes)`: a `repeat_dim(dim, times)` for each dim whose `times` is above 1; a 0 in
  `sizes` is `Tensor::empty` of the repeated shape (a new untracked leaf).

Burn has them on every kind (`K: BasicOps`): an Int or Bool tensor (`int_tensor.py`) inherits
them, its `cat`, `slice` and `repeat_dim` its own, no node taken. Added to `Tensor` when
`pbpit.engine.tensor` imports this (import that module, not this one)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pbpit.engine import checks as burn_checks
from pbpit.engine.arguments import _axis, _index, _integer
from pbpit.engine.tensor import Tensor, _leaf


def _dims(value: Any, op: str) -> list[int]:
    """A `MovedimArgs` (one dim, or a `Vec` of dims) as a list, each as given."""
    if _index(value):
        return [int(value)]
    if isinstance(value, list | tuple) and all(_index(v) for v in value):
        return [int(v) for v in value]
    raise ValueError(f"{op}: expected a dim or a list of dims, got {value!r:.60}")


def movedim(self: Tensor, src: Any, dst: Any) -> Tensor:
    """burn-tensor's `movedim`: the permutation whose position `dst[i]` takes dim `src[i]`, the
    other positions the remaining dims in order; then `permute`."""
    shape = self.shape
    rank = len(shape)
    source = [_axis("movedim", d, shape) for d in _dims(src, "movedim")]
    destination = [_axis("movedim", d, shape) for d in _dims(dst, "movedim")]
    vecs = (isinstance(src, list | tuple), isinstance(dst, list | tuple))
    burn_checks.movedim(source, destination, vecs)
    chosen = [-1] * rank
    for d, s in zip(destination, source, strict=True):
        chosen[d] = s
    axes, next_source = [], 0
    for position in range(rank):
        if chosen[position] != -1:
            axes.append(chosen[position])
            continue
        while next_source in source:
            next_source += 1
        axes.append(next_source)
        next_source += 1
    return self.permute(axes)


def _roll_by(tensor: Tensor, shift: int, at: int) -> Tensor:
    """burn-tensor's `unchecked_roll_dim` (0 < shift < size): two slices, then `cat`."""
    rank = len(tensor.shape)
    ahead = tensor.clone().slice([(shift, None) if i == at else (0, None) for i in range(rank)])
    behind = tensor.slice([(0, shift) if i == at else (0, None) for i in range(rank)])
    return type(tensor).cat([ahead, behind], at)  # (an Int or Bool tensor's own `cat`)


def roll_dim(self: Tensor, shift: int, dim: int) -> Tensor:
    """`roll_dim(shift, dim)`: the tensor itself for an empty dim or a shift that wraps to 0."""
    at = _axis("roll_dim", dim, self.shape)
    shift = _integer(shift, "roll_dim")
    size = self.shape[at]
    if size == 0 or shift % size == 0:
        return self
    return _roll_by(self, shift % size, at)


def roll(self: Tensor, shifts: Sequence[int], dims: Sequence[int]) -> Tensor:
    """`roll(&shifts, &dims)`: as many shifts as dims (Burn's `assert_eq!`), each dim's shifts
    summed, then rolled dim by dim in index order."""
    if not isinstance(shifts, list | tuple) or not isinstance(dims, list | tuple):
        raise ValueError("roll: expected the shifts and the dims as lists")
    if len(dims) != len(shifts):
        burn_checks.roll_lengths(list(dims), list(shifts))
    shape = self.shape
    total = [0] * len(shape)
    for shift, dim in zip(shifts, dims, strict=True):
        total[_axis("roll", dim, shape)] += _integer(shift, "roll")
    if 0 in shape:
        return self
    result = self
    for at, size in enumerate(shape):
        if total[at] % size != 0:
            result = _roll_by(result, total[at] % size, at)
    return result


def repeat(self: Tensor, sizes: Sequence[int]) -> Tensor:
    """`repeat(&sizes)`: `repeat_dim(dim, times)` for each dim repeated more than once."""
    if not isinstance(sizes, list | tuple):
        raise ValueError(f"repeat: expected the sizes as a list, got {sizes!r:.60}")
    sizes = [_integer(s, "repeat") for s in sizes]
    shape = self.shape
    if len(sizes) > len(shape):
        raise ValueError(f"repeat: {len(sizes)} sizes for a tensor of {list(shape)}")
    if 0 in sizes:
        out = tuple(d * t for d, t in zip(shape, sizes, strict=False)) + tuple(shape[len(sizes) :])
        if type(self) is not Tensor:  # an Int or Bool tensor's `empty`: no node (int_tensor.py)
            return self._same(np.zeros(out, dtype=self.array.dtype))  # type: ignore[attr-defined]
        return _leaf(np.empty(out, dtype=np.float32), self.device, "empty")
    result = self
    for dim, times in enumerate(sizes):
        if times > 1:
            result = result.repeat_dim(dim, times)
    return result


for _method in (movedim, roll_dim, roll, repeat):
    setattr(Tensor, _method.__name__, _method)
