"""The argument checks of the tensor API, as Burn reads its arguments: a `dim` (`AsIndex`), a
slice's ranges, a number (`ElementConversion`), a whole number. Each takes the op's name for its
one-line error."""

from __future__ import annotations

from typing import Any

import numpy as np


def _axis(op: str, dim: int, shape: tuple[int, ...], positions: int | None = None) -> int:
    """`dim` as Burn's `AsIndex` reads it: negatives count from the end of `positions` (the
    rank, unless given)."""
    count = len(shape) if positions is None else positions
    if not _index(dim) or not -count <= dim < count:
        if _index(dim):
            from pbpit.engine.checks import dim_index  # (checks reads the engine's server)

            dim_index(op, int(dim), count)
        op = op.partition(".")[0]
        raise ValueError(f"{op}: dim {dim!r} is out of range for shape {list(shape)}")
    return int(dim) % count


def _slice_parts(item: Any) -> tuple[int, int | None, int]:
    """One dim's (start, end, step) from a tuple, range, slice or index, as Burn's `Slice`."""
    if isinstance(item, bool):
        raise ValueError(f"slice: `{item!r}` is not a range")
    if isinstance(item, int | np.integer):
        index = int(item)
        return index, (None if index == -1 else index + 1), 1
    if isinstance(item, range):
        return item.start, item.stop, item.step
    if isinstance(item, slice):
        step = 1 if item.step is None else item.step
        start = 0 if item.start is None else item.start
        if _index(start) and _index(step) and (item.stop is None or _index(item.stop)):
            return start, item.stop, step
    if isinstance(item, tuple) and len(item) in (2, 3):
        start, end, *step = item
        parts = (0 if start is None else start), end, (step[0] if step else 1)
        if all(_index(p) for p in parts[::2]) and (end is None or _index(end)):
            return parts
    raise ValueError(f"slice: `{item!r}` is not a range (start, end), a slice or an index")


def _index(value: object) -> bool:
    return isinstance(value, int | np.integer) and not isinstance(value, bool)


def _clamp(index: int, size: int) -> int:
    return max(size + index, 0) if index < 0 else min(index, size)


def _slice_size(part: tuple[int, int, int]) -> int:
    start, end, step = part
    return 0 if start >= end else -(-(end - start) // abs(step))


def _scalar(value: object, op: str) -> float:
    """A number argument of `op` (Burn's `E: ElementConversion`), as a float."""
    if type(value) is float:  # the common case, answered before the checks below
        return value
    if isinstance(value, bool) or not isinstance(value, int | float | np.floating | np.integer):
        raise TypeError(f"{op}: expected a number, got {type(value).__name__}")
    return float(value)


def _operand(value: object, op: str) -> float:
    """The other side of `t + v` (`-`, `*`, `/`) when it is not a tensor: a number."""
    if type(value) is float:  # the common case, answered before the checks below
        return value
    if isinstance(value, bool) or not isinstance(value, int | float | np.floating | np.integer):
        raise TypeError(f"{op}: expected a tensor or a number, got {type(value).__name__}")
    return float(value)


def _integer(value: object, op: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating):
        raise TypeError(f"{op}: expected a whole number, got {type(value).__name__}")
    if value != int(value):
        raise ValueError(f"{op}: expected a whole number, got {value}")
    return int(value)


def _along(op: str, dim: int, shape: tuple[int, ...]) -> int:
    """`_axis` for the ops that pick one element along `dim`: Flex refuses an empty dim."""
    axis = _axis(op, dim, shape)
    if shape[axis] == 0:
        raise ValueError(f"{op}: dim {dim} of {list(shape)} has size 0")
    return axis
