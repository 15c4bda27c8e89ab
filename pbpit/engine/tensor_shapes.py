"""`Tensor`'s reshapes, slices and masks real programs call: squeeze, flatten, narrow, chunk,
stack, repeat_dim, mask_fill, mask_where. Added to `Tensor` when `pbpit.engine.tensor` imports
this (import that module, not this one).

Burn writes `squeeze`, `squeeze_dim`, `flatten` as one reshape, `narrow` as one slice, `chunk`
as a `narrow` per piece and `stack` as an unsqueeze of each, then `cat` (burn-tensor's
api/base.rs): their nodes are those ops' nodes. `repeat_dim` and `mask_fill` are one node each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pbpit.engine import checks as burn_checks
from pbpit.engine import ops
from pbpit.engine.arguments import _axis, _integer, _scalar, _slice_size
from pbpit.engine.tensor import (
    Tensor,
    _apply,
    _apply_one,
    _leaf,
    _tensor,
    clamped_slices,
    slice_parts,
)


def _rank_given(op: str, shape: tuple[int, ...], rank: int | None) -> tuple[int, ...]:
    """`shape`, checked against Burn's `D2` when one is given."""
    if rank is not None and rank != len(shape):
        raise ValueError(f"{op}: the result has {len(shape)} dims, not the {rank} asked for")
    if not shape:
        raise ValueError(f"{op}: the result would have no dims (Burn's tensors have one or more)")
    return shape


def squeeze(self: Tensor, rank: int | None = None) -> Tensor:
    """Burn's `squeeze::<D2>()`: every size-1 dim removed (one reshape, one node)."""
    shape = tuple(s for s in self.array.shape if s != 1)
    return self.reshape(_rank_given("squeeze", shape, rank))


def squeeze_dim(self: Tensor, dim: int, rank: int | None = None) -> Tensor:
    """Burn's `squeeze_dim::<D2>(dim)`: the size-1 dim `dim` removed (one reshape)."""
    shape = self.array.shape
    at = _axis("squeeze_dim", dim, shape)
    burn_checks.squeeze(at, shape)
    return self.reshape(_rank_given("squeeze_dim", shape[:at] + shape[at + 1 :], rank))


def flatten(self: Tensor, start_dim: int, end_dim: int, rank: int | None = None) -> Tensor:
    """Burn's `flatten::<D2>(start, end)`: dims `start..=end` made one (one reshape)."""
    shape = self.array.shape
    start, end = _axis("flatten", start_dim, shape), _axis("flatten.end_dim", end_dim, shape)
    if start > end:
        raise ValueError(f"flatten: the start dim {start} is after the end dim {end}")
    merged = int(np.prod(shape[start : end + 1]))
    return self.reshape(_rank_given("flatten", shape[:start] + (merged,) + shape[end + 1 :], rank))


def narrow(self: Tensor, dim: int, start: int, length: int) -> Tensor:
    """Burn's `narrow(dim, start, length)`: `start..start + length` along `dim` (one slice)."""
    shape = self.array.shape
    at, start, length = narrowed(shape, dim, start, length)
    return self.slice(
        [(start, start + length) if i == at else (0, None) for i in range(len(shape))]
    )


def narrowed(shape: tuple[int, ...], dim: int, start: int, length: int) -> tuple[int, int, int]:
    """(the dim, start, length) of `narrow(dim, start, length)` on a tensor of `shape`, checked
    as Burn checks them for every kind (`TensorCheck::narrow`; a ValueError here)."""
    at = _axis("narrow", dim, shape)
    start, length = _integer(start, "narrow"), _integer(length, "narrow")
    if start >= 0 and length >= 0:
        burn_checks.narrow(at, start, length, shape[at])
    if length <= 0 or start < 0 or start >= shape[at] or start + length > shape[at]:
        raise ValueError(
            f"narrow: {start}..{start + length} along dim {at} of {list(shape)} (a length above "
            "0, inside the dim)"
        )
    return at, start, length


def chunk(self: Tensor, chunks: int, dim: int) -> list[Tensor]:
    """Burn's `chunk(n, dim)`: `n` pieces along `dim`, each a `narrow` (one node each); a
    size that `n` does not divide gives pieces of `size / n + 1` and the rest last, and a
    size below `n` one piece per index."""
    at = _axis("chunk", dim, self.array.shape)
    chunks = _integer(chunks, "chunk")
    if chunks <= 0:
        raise ValueError(f"chunk: {chunks} chunks")
    size = self.array.shape[at]
    if size < chunks:
        return [self.narrow(at, i, 1) for i in range(size)]
    if size % chunks == 0:
        lengths = [size // chunks] * chunks
    else:
        step = size // chunks + 1
        lengths = [step] * (chunks - 1) + [size % step]
    pieces, start = [], 0
    for length in lengths:
        pieces.append(self.narrow(at, start, length))
        start += length
    return pieces


def stack(tensors: Sequence[Tensor], dim: int, rank: int | None = None) -> Tensor:
    """Burn's `Tensor::stack::<D2>(tensors, dim)`: each unsqueezed at `dim` (one reshape node
    each), then one `cat`."""
    if not tensors:
        raise ValueError("stack: needs at least one tensor")
    tensors = [_tensor(t, "stack") for t in tensors]
    shape = tensors[0].array.shape
    if rank is not None and rank != len(shape) + 1:
        raise ValueError(f"stack: a {rank}-D result from {len(shape)}-D tensors (needs D + 1)")
    at = _axis("stack", dim, shape, len(shape) + 1)
    burn_checks.stack([t.array.shape for t in tensors], at)
    return type(tensors[0]).cat([t.unsqueeze_dim(at) for t in tensors], at)  # Int's, Bool's too


def repeat_dim(self: Tensor, dim: int, times: int) -> Tensor:
    """Burn's `repeat_dim(dim, times)`: the tensor tiled `times` times along `dim` (one node);
    0 times is `Tensor::empty`, a new untracked leaf."""
    shape = self.array.shape
    at = _axis("repeat_dim", dim, shape)
    times = _integer(times, "repeat_dim")
    if times < 0:
        raise ValueError(f"repeat_dim: {times} times")
    if times == 0:
        out = shape[:at] + (0,) + shape[at + 1 :]
        return _leaf(np.empty(out, dtype=np.float32), self.device, "empty")
    return _apply_one(ops.RepeatDim(at, times), self)


def expand(self: Tensor, shape: Sequence[int]) -> Tensor:
    """Burn's `expand::<D2>(shape)` (one node): `shape` aligned with the tensor's dims from the
    right, -1 keeping a dim's size (`BroadcastArgs`), each size-1 dim repeated."""
    if not isinstance(shape, list | tuple) or not all(
        isinstance(s, int | np.integer) and not isinstance(s, bool) for s in shape
    ):
        raise ValueError(f"expand: expected a shape (sizes, -1 to keep one), got {shape!r:.60}")
    given = self.array.shape
    if len(shape) < len(given) or any(s < -1 or s == 0 for s in shape):
        raise ValueError(f"expand: {list(shape)} for a tensor of {list(given)}")
    padded = (0,) * (len(shape) - len(given)) + tuple(given)
    target = tuple(old if new == -1 else int(new) for new, old in zip(shape, padded, strict=True))
    if 0 in target:
        raise ValueError(f"expand: -1 for a dim {list(given)} does not have, in {list(shape)}")
    burn_checks.expand(given, target)
    if any(old not in (0, 1, new) for old, new in zip(padded, target, strict=True)):
        raise ValueError(f"expand: {list(given)} cannot be broadcast to {list(target)}")
    return _apply_one(ops.Expand(target), self)


def flip(self: Tensor, axes: Sequence[int]) -> Tensor:
    """Burn's `flip(axes)`: one node; the axes any integers (negative from the end), each once."""
    if not isinstance(axes, list | tuple):
        raise ValueError(f"flip: expected the axes as a list, got {axes!r:.60}")
    shape = self.array.shape
    resolved = tuple(_axis("flip", a, shape) for a in axes)
    burn_checks.flip(len(shape), resolved)
    return _apply_one(ops.Flip(resolved), self)


def slice_assign(self: Tensor, ranges: Any, value: Tensor) -> Tensor:
    """Burn's `slice_assign(ranges, value)`: `value` written into the slice (one node, tracked
    if either is); a slice of no element gives the receiver itself, as Burn returns `self`."""
    value = _tensor(value, "slice_assign")
    shape = self.array.shape
    parts = slice_parts(shape, ranges, "slice_assign")
    if any(end is not None and end > size for (_, end, _), size in zip(parts, shape, strict=True)):
        # burn-tensor's `Range Assign` check, which pbpit does not word
        raise ValueError(f"slice_assign: a range past the end of {list(shape)}")
    resolved = clamped_slices(shape, parts, "slice_assign")
    selected = tuple(_slice_size(r) for r in resolved)
    if 0 in selected:
        return self
    if value.array.shape != selected:
        raise ValueError(
            f"slice_assign: a value of {list(value.shape)} for a slice of {list(selected)}"
        )
    return _apply(ops.SliceAssign(tuple(resolved)), (self, value), self.array, value.array)


def _mask(mask: Any, x: Tensor, op: str) -> np.ndarray:
    if not isinstance(mask, Tensor) or mask.array.dtype != np.bool_:
        raise TypeError(f"{op}: expected a Bool tensor as the mask, got {type(mask).__name__}")
    if mask.array.shape != x.array.shape:
        raise ValueError(f"{op}: a mask of {list(mask.shape)} for a tensor of {list(x.shape)}")
    return mask.array


def mask_fill(self: Tensor, mask: Tensor, value: float) -> Tensor:
    """`value` where `mask` is true (one node; no gradient flows there)."""
    return _apply_one(
        ops.MaskFill(_mask(mask, self, "mask_fill"), _scalar(value, "mask_fill")), self
    )


def mask_where(self: Tensor, mask: Tensor, value: Tensor) -> Tensor:
    """`value`'s element where `mask` is true, else this tensor's (one node)."""
    array = _mask(mask, self, "mask_where")
    value = _tensor(value, "mask_where")
    if value.array.shape != self.array.shape:
        raise ValueError(f"mask_where: shapes {list(self.shape)} and {list(value.shape)} differ")
    return _apply(ops.MaskWhere(array), (self, value), self.array, value.array)


for _method in (
    squeeze,
    squeeze_dim,
    flatten,
    narrow,
    chunk,
    repeat_dim,
    expand,
    flip,
    slice_assign,
    mask_fill,
    mask_where,
):
    setattr(Tensor, _method.__name__, _method)
Tensor.stack = staticmethod(stack)  # type: ignore[attr-defined]
